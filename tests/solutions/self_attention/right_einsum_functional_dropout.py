import math

import torch
import torch.nn.functional as F
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d_model, dropout=0.0):
        super().__init__()
        self.p = dropout
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, mask=None):
        d = x.shape[-1]
        q = self.q_proj(x) / math.sqrt(d)               # scale q instead of the scores
        k, v = self.k_proj(x), self.v_proj(x)
        att = torch.einsum("bid,bjd->bij", q, k)
        if mask is not None:
            att = torch.where(mask[:, None, :], att, float("-inf"))
        att = att - att.amax(dim=-1, keepdim=True)
        att = att.exp()
        att = att / att.sum(dim=-1, keepdim=True)
        att = F.dropout(att, self.p, training=self.training)
        return self.o_proj(torch.einsum("bij,bjd->bid", att, v))
