import math

import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.0):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None, causal=False):
        B, S, _ = x.shape
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        heads = []
        for h in range(self.n_heads):
            cols = slice(h * self.head_dim, (h + 1) * self.head_dim)
            s = q[..., cols] @ k[..., cols].transpose(1, 2) / math.sqrt(self.head_dim)   # (B, S, S)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            if mask is not None:
                s = s.masked_fill(~mask[:, None, :], float("-inf"))
            heads.append(self.dropout(torch.softmax(s, dim=-1)) @ v[..., cols])
        return self.o_proj(torch.cat(heads, dim=-1))
