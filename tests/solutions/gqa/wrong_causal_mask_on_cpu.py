import math

import torch
from torch import nn

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        hd = self.head_dim
        g = self.n_heads // self.n_kv_heads
        q = self.q_proj(x).view(B, S, self.n_heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(B, S, self.n_kv_heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(B, S, self.n_kv_heads, hd).transpose(1, 2)
        k = k.repeat_interleave(g, dim=1)
        v = v.repeat_interleave(g, dim=1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hd)
        if causal:
            scores = scores.masked_fill(torch.triu(torch.ones(S, S, dtype=torch.bool), 1), float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, -1))
