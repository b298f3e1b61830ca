import torch
from torch import nn


def _rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)   # (D/2,)
    angles = positions.to(torch.float32)[:, None] * inv_freq                                   # (S, D/2)
    angles = torch.cat([angles, angles], dim=-1)            # dims i and i + D/2 share an angle
    x1, x2 = x.chunk(2, dim=-1)
    return (x * angles.cos() + torch.cat([-x2, x1], dim=-1) * angles.sin()).to(x.dtype)


class _RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x.float()                                # mean of squares in float32: x² overflows float16
        return (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight).to(x.dtype)


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, kv_rank: int, rope_dim: int, head_dim: int):
        super().__init__()
        self.n_heads, self.kv_rank, self.rope_dim, self.head_dim = n_heads, kv_rank, rope_dim, head_dim
        self.q_proj = nn.Linear(d_model, n_heads * (head_dim + rope_dim), bias=False)
        self.kv_down = nn.Linear(d_model, kv_rank, bias=False)           # the latent: what is cached
        self.kv_norm = _RMSNorm(kv_rank)
        self.k_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.v_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.k_rope = nn.Linear(d_model, rope_dim, bias=False)           # ONE rotated key for all heads
        self.o_proj = nn.Linear(n_heads * head_dim, d_model, bias=False)

    def latent_cache(self, x: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(x.shape[1], device=x.device)
        c = self.kv_norm(self.kv_down(x))                                # (B, S, kv_rank)
        k_pe = _rope(self.k_rope(x), positions)                          # (B, S, rope_dim), rotated once
        return torch.cat([c, k_pe], dim=-1)                              # (B, S, kv_rank + rope_dim)

    def forward(self, x: torch.Tensor, causal: bool = True) -> torch.Tensor:
        B, S, _ = x.shape
        H, hd, rd = self.n_heads, self.head_dim, self.rope_dim
        # keys and values are rebuilt from the cached pair alone: that is what makes the small cache enough
        c, k_pe = self.latent_cache(x).split([self.kv_rank, rd], dim=-1)
        q = self.q_proj(x).view(B, S, H, hd + rd).transpose(1, 2)         # each head is [content | position]
        q_nope, q_pe = q.split([hd, rd], dim=-1)
        q_pe = _rope(q_pe, torch.arange(S, device=x.device))
        k = self.k_up(c).view(B, S, H, hd).transpose(1, 2)                # (B, H, S, hd)
        v = self.v_up(c).view(B, S, H, hd).transpose(1, 2)
        # content scores per head, plus position scores against the shared key (broadcast over heads);
        # q·k sums over both parts of a head
        scores = (q_nope @ k.transpose(-2, -1) + q_pe @ k_pe[:, None].transpose(-2, -1)) * (hd + rd) ** -0.5
        if causal:
            future = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v                           # (B, H, S, hd)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
