import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv, self.hd = n_heads, n_kv_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.hd, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(n_heads * self.hd, d_model, bias=False)

    @staticmethod
    def rope(x, positions):
        # pair (x_i, x_{i+D/2}) as the complex number x_i + j x_{i+D/2}; RoPE multiplies it by e^{j angle}
        D = x.shape[-1]
        freqs = 1.0 / 10000.0 ** (torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
        rot = torch.polar(torch.ones(len(positions), D // 2, device=x.device), positions.float()[:, None] * freqs)
        z = torch.view_as_complex(torch.stack(x.float().chunk(2, dim=-1), dim=-1).contiguous()) * rot
        out = torch.view_as_real(z)                               # (..., D/2, 2): real, imaginary parts
        return torch.cat([out[..., 0], out[..., 1]], dim=-1).to(x.dtype)

    def forward(self, x, positions):
        B, S, _ = x.shape
        g = self.n_heads // self.n_kv
        q = self.q_proj(x).view(B, S, self.n_kv, g, self.hd)      # query heads grouped by kv head
        k = self.k_proj(x).view(B, S, self.n_kv, self.hd)
        v = self.v_proj(x).view(B, S, self.n_kv, self.hd)
        q = self.rope(q.permute(0, 2, 3, 1, 4), positions)        # (B, n_kv, g, S, hd)
        k = self.rope(k.transpose(1, 2), positions)               # (B, n_kv, S, hd)
        att = torch.einsum("bngqd,bnkd->bngqk", q, k) * self.hd ** -0.5
        future = torch.triu(torch.ones(S, S, dtype=torch.bool, device=x.device), diagonal=1)
        att = att.masked_fill(future, float("-inf")).softmax(dim=-1)
        out = torch.einsum("bngqk,bknd->bqngd", att, v)           # (B, S, n_kv, g, hd)
        return self.o_proj(out.reshape(B, S, -1))


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderBlock(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads, d_ff):
        super().__init__()
        self.attn_norm = nn.RMSNorm(d_model, eps=1e-6)
        self.attn = Attention(d_model, n_heads, n_kv_heads)
        self.ffn_norm = nn.RMSNorm(d_model, eps=1e-6)
        self.ffn = FeedForward(d_model, d_ff)

    def forward(self, x, positions):
        x = x + self.attn(self.attn_norm(x), positions)
        x = x + self.ffn(self.ffn_norm(x))
        return x
