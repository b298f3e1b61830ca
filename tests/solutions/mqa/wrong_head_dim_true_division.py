import math

import torch
from torch import nn

EXPECT = {
    'runs': 'head_dim computed with / (a float): use d_model // n_heads',
}


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = d_model / n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        q = self.q_proj(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)
        k, v = self.k_proj(x).unsqueeze(1), self.v_proj(x).unsqueeze(1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        if causal:
            scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))
        return self.o_proj((torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(B, S, D))
