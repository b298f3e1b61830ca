import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'banned calls': '',
}


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        q = self.q_proj(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)
        k, v = self.k_proj(x)[:, None], self.v_proj(x)[:, None]
        keep = torch.ones(S, S, dtype=torch.bool, device=x.device)
        if causal:
            keep = keep.tril()
        if mask is not None:
            keep = keep & mask[:, None, None, :]
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, enable_gqa=True)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, D))
