import math

import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv = n_heads, n_kv_heads
        self.hd = d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.hd, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(n_heads * self.hd, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, _ = x.shape
        n_kv, g, hd = self.n_kv, self.n_heads // self.n_kv, self.hd
        # query heads grouped by the kv head they share: (B, n_kv, g, S, hd)
        q = self.q_proj(x).view(B, S, n_kv, g, hd).permute(0, 2, 3, 1, 4)
        k = self.k_proj(x).view(B, S, n_kv, 1, hd).permute(0, 2, 3, 1, 4)    # (B, n_kv, 1, S, hd)
        v = self.v_proj(x).view(B, S, n_kv, 1, hd).permute(0, 2, 3, 1, 4)
        att = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(hd))              # (B, n_kv, g, S, S)
        allowed = torch.ones(S, S, dtype=torch.bool, device=x.device)
        if causal:
            allowed = allowed.tril()
        if mask is not None:
            allowed = allowed & mask[:, None, None, None, :]
        att = att.masked_fill(~allowed, float("-inf"))
        m = att.max(dim=-1, keepdim=True).values
        p = torch.exp(att - m)
        p = p / p.sum(dim=-1, keepdim=True)
        out = (p @ v).permute(0, 3, 1, 2, 4).reshape(B, S, self.n_heads * hd)
        return self.o_proj(out)
