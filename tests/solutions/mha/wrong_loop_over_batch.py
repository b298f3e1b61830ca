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
        outs = []
        for b in range(x.shape[0]):                 # one sequence at a time
            xb = x[b]                               # (S, d_model)
            S = xb.shape[0]
            q = self.q_proj(xb).view(S, self.n_heads, self.head_dim).transpose(0, 1)
            k = self.k_proj(xb).view(S, self.n_heads, self.head_dim).transpose(0, 1)
            v = self.v_proj(xb).view(S, self.n_heads, self.head_dim).transpose(0, 1)
            s = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            if mask is not None:
                s = s.masked_fill(~mask[b][None, None, :], float("-inf"))
            o = (self.dropout(torch.softmax(s, dim=-1)) @ v).transpose(0, 1).reshape(S, -1)
            outs.append(self.o_proj(o))
        return torch.stack(outs)
