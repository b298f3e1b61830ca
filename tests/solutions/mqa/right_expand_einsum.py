import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.hd = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.hd, bias=False)
        self.v_proj = nn.Linear(d_model, self.hd, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        q = self.q_proj(x).view(B, S, self.h, self.hd)                  # (B, S, H, hd)
        k = self.k_proj(x).unsqueeze(2).expand(B, S, self.h, self.hd)   # same key for each head
        v = self.v_proj(x).unsqueeze(2).expand(B, S, self.h, self.hd)
        att = torch.einsum("bqhd,bkhd->bhqk", q, k) * self.hd ** -0.5
        ok = torch.ones(S, S, dtype=torch.bool, device=x.device)
        if causal:
            ok = torch.tril(ok)
        ok = ok.expand(B, 1, S, S)
        if mask is not None:
            ok = ok & mask.view(B, 1, 1, S)
        att = att.masked_fill(ok.logical_not(), float("-inf")).softmax(-1)
        return self.o_proj(torch.einsum("bhqk,bkhd->bqhd", att, v).reshape(B, S, D))
