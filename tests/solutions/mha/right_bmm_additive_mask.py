import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, dropout: float = 0.0):
        super().__init__()
        self.d_model, self.n_heads = d_model, n_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.drop = nn.Dropout(dropout)

    def split(self, t):
        # (B, S, d_model) -> (B * H, S, hd)
        B, S, _ = t.shape
        t = t.reshape(B, S, self.n_heads, self.head_dim).permute(0, 2, 1, 3)
        return t.reshape(B * self.n_heads, S, self.head_dim)

    def forward(self, x, mask=None, causal=False):
        B, S, _ = x.shape
        H = self.n_heads
        q = self.split(self.q_proj(x)) / math.sqrt(self.head_dim)
        k = self.split(self.k_proj(x))
        v = self.split(self.v_proj(x))
        bias = torch.zeros(B, 1, S, S, dtype=x.dtype, device=x.device)
        if causal:
            pos = torch.arange(S, device=x.device)
            bias = bias.masked_fill(pos[None, :] > pos[:, None], float("-inf"))
        if mask is not None:
            bias = bias.masked_fill(~mask.view(B, 1, 1, S), float("-inf"))
        bias = bias.expand(B, H, S, S).reshape(B * H, S, S)
        w = torch.softmax(torch.baddbmm(bias, q, k.transpose(1, 2)), dim=-1)
        out = torch.bmm(self.drop(w), v)                                  # (B*H, S, hd)
        out = out.view(B, H, S, self.head_dim).permute(0, 2, 1, 3).reshape(B, S, self.d_model)
        return self.o_proj(out)
