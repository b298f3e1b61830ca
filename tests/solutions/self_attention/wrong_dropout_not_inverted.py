import math

import torch
from torch import nn

EXPECT = {
    'dropout in train()': 'dropout survivors not scaled by 1/(1-p) (inverted dropout)',
}


class SelfAttention(nn.Module):
    def __init__(self, d_model, dropout=0.0):
        super().__init__()
        self.d_model, self.p = d_model, dropout
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, mask=None):
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        scores = q @ k.transpose(1, 2) / math.sqrt(self.d_model)
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, :], float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        if self.training:
            weights = weights * (torch.rand_like(weights) >= self.p)    # survivors not scaled by 1/(1-p)
        return self.o_proj(weights @ v)
