import math

import torch
from torch import nn


class CrossAttention(nn.Module):
    """Heads folded into the batch (bmm), the padding turned into an additive -inf bias."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.d = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def heads(self, t):
        B, S, _ = t.shape
        return t.reshape(B, S, self.h, self.d).permute(0, 2, 1, 3).reshape(B * self.h, S, self.d)

    def forward(self, x, memory, memory_mask=None):
        B, S_q, d_model = x.shape
        S_k = memory.shape[1]
        q = self.heads(self.q_proj(x)) / math.sqrt(self.d)
        k, v = self.heads(self.k_proj(memory)), self.heads(self.v_proj(memory))
        bias = torch.zeros(B, 1, 1, S_k, dtype=x.dtype, device=x.device)
        if memory_mask is not None:
            bias = bias.masked_fill(~memory_mask.view(B, 1, 1, S_k), float("-inf"))
        bias = bias.expand(B, self.h, S_q, S_k).reshape(B * self.h, S_q, S_k)
        w = torch.softmax(torch.baddbmm(bias, q, k.transpose(1, 2)), dim=-1)
        out = torch.bmm(w, v).view(B, self.h, S_q, self.d).permute(0, 2, 1, 3).reshape(B, S_q, d_model)
        return self.o_proj(out)
