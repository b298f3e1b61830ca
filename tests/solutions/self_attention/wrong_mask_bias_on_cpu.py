import math

import torch
from torch import nn

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


class SelfAttention(nn.Module):
    def __init__(self, d_model, dropout=0.0):
        super().__init__()
        self.d_model = d_model
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        B, S, _ = x.shape
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        bias = torch.zeros(B, 1, S)                     # made on the CPU whatever x's device
        if mask is not None:
            bias = bias.masked_fill(~mask[:, None, :], float("-inf"))
        scores = q @ k.transpose(1, 2) / math.sqrt(self.d_model) + bias
        return self.o_proj(self.dropout(torch.softmax(scores, dim=-1)) @ v)
