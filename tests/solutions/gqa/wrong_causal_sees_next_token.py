"""The causal mask built with triu(2) instead of triu(1): token i also sees token i + 1, so a later
token changes an earlier one's output, and the causality check says so on rows that are graded."""
import torch
from torch import nn

EXPECT = {
    'values': '',
    'causality': '',
}


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
        k = self.k_proj(x).view(B, S, n_kv, hd).transpose(1, 2).repeat_interleave(H // n_kv, dim=1)
        v = self.v_proj(x).view(B, S, n_kv, hd).transpose(1, 2).repeat_interleave(H // n_kv, dim=1)
        scores = q @ k.transpose(-2, -1) * hd ** -0.5
        if causal:
            future = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(2)    # should be triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
