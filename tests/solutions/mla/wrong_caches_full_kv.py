import math

import torch
from torch import nn

EXPECT = {
    'MultiHeadLatentAttention.latent_cache: shape': 'full per-head keys and values cached: MLA caches the kv_rank latent and the shared RoPE key',
    'MultiHeadLatentAttention.latent_cache: attention from the latent cache': 'full per-head keys and values cached: MLA caches the kv_rank latent and the shared RoPE key',
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

    def keys_values(self, x):
        B, S, _ = x.shape
        c = self.kv_norm(self.kv_down(x))
        k_pe = rope(self.k_rope(x), torch.arange(S, device=x.device))
        k = torch.cat([self.k_up(c).view(B, S, self.h, self.hd),
                       k_pe[:, :, None].expand(B, S, self.h, self.rd)], dim=-1)     # (B, S, H, hd + rd)
        return k, self.v_up(c).view(B, S, self.h, self.hd)

    def latent_cache(self, x):
        B, S, _ = x.shape
        k, v = self.keys_values(x)             # cache what attention needs: every head's k and v
        return torch.cat([k.reshape(B, S, -1), v.reshape(B, S, -1)], dim=-1)

    def forward(self, x, causal=True):
        B, S, _ = x.shape
        k, v = self.keys_values(x)
        q = self.q_proj(x).view(B, S, self.h, self.hd + self.rd)
        q = torch.cat([q[..., :self.hd], rope(q[..., self.hd:].transpose(1, 2), torch.arange(S, device=x.device))
                       .transpose(1, 2)], dim=-1)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(self.hd + self.rd)
        if causal:
            scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        out = torch.einsum("bhqk,bkhd->bqhd", torch.softmax(scores, dim=-1), v)
        return self.o_proj(out.reshape(B, S, -1))
