import math

import torch
from torch import nn

EXPECT = {
    'MultiHeadLatentAttention: values': 'scores scaled by 1/sqrt(head_dim) only: each q·k runs over head_dim + rope_dim features, scale by 1/sqrt(head_dim + rope_dim)',
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
        q = self.q_proj(x).view(B, S, self.h, self.hd + self.rd).transpose(1, 2)
        q_nope, q_pe = q[..., :self.hd], rope(q[..., self.hd:], pos)
        k = self.k_up(c).view(B, S, self.h, self.hd).transpose(1, 2)
        v = self.v_up(c).view(B, S, self.h, self.hd).transpose(1, 2)
        scores = (q_nope @ k.transpose(-2, -1) + q_pe @ k_pe.unsqueeze(1).transpose(-2, -1)) / math.sqrt(self.hd)
        if causal:
            scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, -1))
