import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int):
        super().__init__()
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        bsz, seqlen, _ = x.shape
        xq = self.q_proj(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xk = self.k_proj(x).view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        xv = self.v_proj(x).view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        n_rep = self.n_heads // self.n_kv_heads
        xk = xk.repeat_interleave(n_rep, dim=2)       # (bsz, seqlen, n_heads, head_dim)
        xv = xv.repeat_interleave(n_rep, dim=2)
        scores = torch.einsum("bqhd,bkhd->bhqk", xq, xk) * self.head_dim ** -0.5
        bias = torch.zeros(seqlen, seqlen, device=x.device, dtype=x.dtype)
        if causal:
            bias = torch.triu(torch.full((seqlen, seqlen), float("-inf"), device=x.device, dtype=x.dtype), 1)
        if mask is not None:
            bias = bias + torch.zeros_like(mask, dtype=x.dtype).masked_fill(~mask, float("-inf"))[:, None, None, :]
        probs = torch.softmax(scores + bias, dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", probs, xv).reshape(bsz, seqlen, -1)
        return self.o_proj(out)
