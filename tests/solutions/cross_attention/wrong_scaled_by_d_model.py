import math

import torch
from torch import nn

EXPECT = {
    'values': 'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)',
}


class CrossAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, memory, memory_mask=None):
        B, S_q, D = x.shape
        S_k = memory.shape[1]
        q = self.q_proj(x).view(B, S_q, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(D)
        if memory_mask is not None:
            scores = scores.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
        w = torch.softmax(scores, dim=-1)
        return self.o_proj((w @ v).transpose(1, 2).reshape(B, S_q, D))
