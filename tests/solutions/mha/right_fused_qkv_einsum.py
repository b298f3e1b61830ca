import math

import torch
import torch.nn.functional as F
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.0):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.d_k = d_model // n_heads
        self.p = dropout
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, mask=None, causal=False):
        B, T, C = x.shape
        # one matmul for q, k and v
        w = torch.cat([self.q_proj.weight, self.k_proj.weight, self.v_proj.weight], dim=0)
        b = torch.cat([self.q_proj.bias, self.k_proj.bias, self.v_proj.bias], dim=0)
        q, k, v = F.linear(x, w, b).view(B, T, 3, self.h, self.d_k).unbind(dim=2)   # (B, T, h, d_k)
        att = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(self.d_k)
        ok = torch.ones(T, T, dtype=torch.bool, device=x.device)
        if causal:
            ok = ok.tril()
        ok = ok[None, None]
        if mask is not None:
            ok = ok & mask[:, None, None, :]
        att = torch.where(ok, att, torch.full_like(att, float("-inf")))
        att = att - att.amax(dim=-1, keepdim=True)
        att = att.exp()
        att = att / att.sum(dim=-1, keepdim=True)
        att = F.dropout(att, self.p, training=self.training)
        y = torch.einsum("bhqk,bkhd->bqhd", att, v).reshape(B, T, C)
        return self.o_proj(y)
