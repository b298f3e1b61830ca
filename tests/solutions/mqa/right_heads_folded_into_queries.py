import math

import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    """With one shared key head, the H query heads are just H * S queries against the same keys:
    one (B, H*S, hd) @ (B, hd, S) bmm does every head at once."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        H, hd = self.n_heads, self.head_dim
        q = self.q_proj(x).view(B, S, H, hd).permute(0, 2, 1, 3).reshape(B, H * S, hd)
        k, v = self.k_proj(x), self.v_proj(x)                         # (B, S, hd)
        scores = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(hd)      # (B, H*S, S)
        blocked = torch.zeros(B, S, S, dtype=torch.bool, device=x.device)
        if causal:
            i = torch.arange(S, device=x.device)
            blocked = blocked | (i[None, :] > i[:, None])
        if mask is not None:
            blocked = blocked | ~mask[:, None, :]
        scores = scores.masked_fill(blocked.repeat(1, H, 1), float("-inf"))   # row h*S + i is query i of head h
        m = scores.amax(dim=-1, keepdim=True)
        p = torch.exp(scores - m)
        out = torch.bmm(p / p.sum(-1, keepdim=True), v)                # (B, H*S, hd)
        return self.o_proj(out.view(B, H, S, hd).transpose(1, 2).reshape(B, S, D))
