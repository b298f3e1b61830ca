import math

import torch
from torch import nn

EXPECT = {
    'values': 'mask polarity inverted: True means a real token, hide the keys where the mask is False',
    'padding ignored': '',
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
            scores = scores.masked_fill(mask.unsqueeze(1), float("-inf"))    # hides the real tokens
        w = self.dropout(torch.softmax(scores, dim=-1))
        return self.o_proj(w @ v)
