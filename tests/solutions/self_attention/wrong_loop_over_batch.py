import math

import torch
from torch import nn

EXPECT = {
    'no loop': '',
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
        outs = []
        for b in range(x.shape[0]):                    # one sequence at a time
            q, k, v = self.q_proj(x[b]), self.k_proj(x[b]), self.v_proj(x[b])   # (S, d_model)
            s = q @ k.T / math.sqrt(self.d_model)
            if mask is not None:
                s = s.masked_fill(~mask[b][None, :], float("-inf"))
            outs.append(self.o_proj(self.dropout(torch.softmax(s, dim=-1)) @ v))
        return torch.stack(outs)
