import math

import torch
from torch import nn

EXPECT = {
    'values': 'padding mask applied to the queries instead of the keys',
    'padding ignored': 'padding mask applied to the queries instead of the keys',
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
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        scores = q @ k.transpose(1, 2) / math.sqrt(self.d_model)
        if mask is not None:
            scores = scores.masked_fill(~mask[:, :, None], float("-inf"))   # hides padded queries' rows
        return self.o_proj(self.dropout(torch.softmax(scores, dim=-1)) @ v)
