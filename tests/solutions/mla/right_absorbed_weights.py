import torch
from torch import nn


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class MultiHeadLatentAttention(nn.Module):
    """Attention computed in the latent space, as DeepSeek decodes: k_up is folded into the
    queries and v_up applied after the weighting, so per-head keys and values never exist."""

    def __init__(self, d_model, n_heads, kv_rank, rope_dim, head_dim):
        super().__init__()
        self.n_heads, self.kv_rank, self.rope_dim, self.head_dim = n_heads, kv_rank, rope_dim, head_dim
        self.q_proj = nn.Linear(d_model, n_heads * (head_dim + rope_dim), bias=False)
        self.kv_down = nn.Linear(d_model, kv_rank, bias=False)
        self.kv_norm = nn.RMSNorm(kv_rank, eps=1e-6)
        self.k_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.v_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.k_rope = nn.Linear(d_model, rope_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * head_dim, d_model, bias=False)

    def cos_sin(self, S, device):
        inv_freq = 1.0 / (10000 ** (torch.arange(0, self.rope_dim, 2, device=device).float() / self.rope_dim))
        freqs = torch.outer(torch.arange(S, device=device).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos(), emb.sin()

    def latent_cache(self, x):
        cos, sin = self.cos_sin(x.shape[1], x.device)
        k_pe = self.k_rope(x)
        return torch.cat([self.kv_norm(self.kv_down(x)), k_pe * cos + rotate_half(k_pe) * sin], dim=-1)

    def forward(self, x, causal=True):
        B, S, _ = x.shape
        H, hd, rd, r = self.n_heads, self.head_dim, self.rope_dim, self.kv_rank
        cache = self.latent_cache(x)
        c, k_pe = cache[..., :r], cache[..., r:]
        q = self.q_proj(x).view(B, S, H, hd + rd)
        q_nope, q_pe = q[..., :hd], q[..., hd:]
        cos, sin = self.cos_sin(S, x.device)
        q_pe = q_pe * cos[:, None] + rotate_half(q_pe) * sin[:, None]          # (B, S, H, rd)
        w_uk = self.k_up.weight.view(H, hd, r)
        w_uv = self.v_up.weight.view(H, hd, r)
        q_lat = torch.einsum("bshd,hdr->bhsr", q_nope, w_uk)                   # query in latent space
        scores = torch.einsum("bhsr,btr->bhst", q_lat, c) + torch.einsum("bshd,btd->bhst", q_pe, k_pe)
        scores = scores / (hd + rd) ** 0.5
        if causal:
            i = torch.arange(S, device=x.device)
            scores = scores.masked_fill(i[None, :] > i[:, None], float("-inf"))
        o_lat = torch.einsum("bhst,btr->bshr", scores.softmax(-1), c)
        return self.o_proj(torch.einsum("bshr,hdr->bshd", o_lat, w_uv).reshape(B, S, H * hd))
