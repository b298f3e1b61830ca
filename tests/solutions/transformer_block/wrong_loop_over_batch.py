import math

import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'no loop': '',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Projections(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


def rope(x, positions):
    D = x.shape[-1]
    inv_freq = 10000.0 ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], dim=-1)
    x1, x2 = x[..., :D // 2], x[..., D // 2:]
    return x * ang.cos() + torch.cat([-x2, x1], dim=-1) * ang.sin()


class DecoderBlock(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads, d_ff):
        super().__init__()
        self.attn_norm = RMSNorm(d_model)
        self.attn = Projections(d_model, n_heads, n_kv_heads)
        self.ffn_norm = RMSNorm(d_model)
        self.ffn = SwiGLU(d_model, d_ff)

    def attention(self, h, positions):
        a = self.attn
        B, S, _ = h.shape
        q = a.q_proj(h).view(B, S, a.n_heads, a.head_dim).transpose(1, 2)
        k = a.k_proj(h).view(B, S, a.n_kv_heads, a.head_dim).transpose(1, 2)
        v = a.v_proj(h).view(B, S, a.n_kv_heads, a.head_dim).transpose(1, 2)
        q, k = rope(q, positions), rope(k, positions)
        k = k.repeat_interleave(a.n_heads // a.n_kv_heads, dim=1)
        v = v.repeat_interleave(a.n_heads // a.n_kv_heads, dim=1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(a.head_dim)
        scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=h.device).triu(1), float("-inf"))
        return a.o_proj((torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(B, S, -1))

    def forward(self, x, positions):
        outs = []
        for b in range(x.shape[0]):                  # one sequence at a time
            xb = x[b:b + 1]
            h = xb + self.attention(self.attn_norm(xb), positions)
            outs.append(h + self.ffn(self.ffn_norm(h)))
        return torch.cat(outs)
