import math

import torch
import torch.nn.functional as F
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x / torch.sqrt(x.square().mean(dim=-1, keepdim=True) + self.eps))


def apply_rope(x, S):
    # x (..., S, D): rotate-half with angles p * 10000^(-2i/D)
    D = x.shape[-1]
    i = torch.arange(D // 2, device=x.device, dtype=torch.float32)
    angle = torch.arange(S, device=x.device, dtype=torch.float32)[:, None] * torch.pow(10000.0, -2 * i / D)
    cos, sin = angle.cos(), angle.sin()
    a, b = x[..., :D // 2], x[..., D // 2:]
    return torch.cat([a * cos - b * sin, a * sin + b * cos], dim=-1)


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, n_heads, kv_rank, rope_dim, head_dim):
        super().__init__()
        self.n_heads, self.kv_rank, self.rope_dim, self.head_dim = n_heads, kv_rank, rope_dim, head_dim
        self.q_proj = nn.Linear(d_model, n_heads * (head_dim + rope_dim), bias=False)
        self.kv_down = nn.Linear(d_model, kv_rank, bias=False)
        self.kv_norm = RMSNorm(kv_rank)
        self.k_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.v_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
        self.k_rope = nn.Linear(d_model, rope_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * head_dim, d_model, bias=False)

    def latent_cache(self, x):
        latent = self.kv_norm(self.kv_down(x))
        return torch.cat([latent, apply_rope(self.k_rope(x), x.shape[1])], dim=-1)

    def forward(self, x, causal=True):
        B, S, _ = x.shape
        H, hd, rd = self.n_heads, self.head_dim, self.rope_dim
        latent, k_pe = torch.split(self.latent_cache(x), [self.kv_rank, rd], dim=-1)
        q = self.q_proj(x).view(B, S, H, hd + rd).permute(0, 2, 1, 3)
        q = torch.cat([q[..., :hd], apply_rope(q[..., hd:], S)], dim=-1)          # (B, H, S, hd + rd)
        k_nope = self.k_up(latent).view(B, S, H, hd).permute(0, 2, 1, 3)
        k = torch.cat([k_nope, k_pe.unsqueeze(1).expand(B, H, S, rd)], dim=-1)    # full keys, one matmul
        v = self.v_up(latent).view(B, S, H, hd).permute(0, 2, 1, 3)
        bias = torch.zeros(S, S, device=x.device, dtype=x.dtype)
        if causal:
            bias = bias.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        att = F.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd + rd) + bias, dim=-1)
        return self.o_proj((att @ v).permute(0, 2, 1, 3).reshape(B, S, H * hd))
