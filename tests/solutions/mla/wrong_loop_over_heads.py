import math

import torch
from torch import nn

EXPECT = {
    'MultiHeadLatentAttention: no loop': '',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope(x, positions):
    D = x.shape[-1]
    inv_freq = 10000.0 ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], dim=-1)
    x1, x2 = x[..., :D // 2], x[..., D // 2:]
    return x * ang.cos() + torch.cat([-x2, x1], dim=-1) * ang.sin()


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, n_heads, kv_rank, rope_dim, head_dim):
        super().__init__()
        self.h, self.r, self.rd, self.hd = n_heads, kv_rank, rope_dim, head_dim
        self.q_proj = nn.Linear(d_model, n_heads * (head_dim + rope_dim), bias=False)
        self.kv_down = nn.Linear(d_model, kv_rank, bias=False)
        self.kv_norm = RMSNorm(kv_rank)
        self.k_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.v_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.k_rope = nn.Linear(d_model, rope_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * head_dim, d_model, bias=False)

    def latent_cache(self, x):
        pos = torch.arange(x.shape[1], device=x.device)
        return torch.cat([self.kv_norm(self.kv_down(x)), rope(self.k_rope(x), pos)], dim=-1)

    def forward(self, x, causal=True):
        B, S, _ = x.shape
        pos = torch.arange(S, device=x.device)
        c, k_pe = self.latent_cache(x).split([self.r, self.rd], dim=-1)
        q, k, v = self.q_proj(x), self.k_up(c), self.v_up(c)
        w = self.hd + self.rd
        heads = []
        for h in range(self.h):                                   # one head at a time
            qh = q[..., h * w:(h + 1) * w]
            s = qh[..., :self.hd] @ k[..., h * self.hd:(h + 1) * self.hd].transpose(1, 2)
            s = s + rope(qh[..., self.hd:], pos) @ k_pe.transpose(1, 2)
            s = s / math.sqrt(w)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            heads.append(torch.softmax(s, dim=-1) @ v[..., h * self.hd:(h + 1) * self.hd])
        return self.o_proj(torch.cat(heads, dim=-1))
