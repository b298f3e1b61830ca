import math

import torch
from torch import nn

EXPECT = {
    'no loop': '',
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
        B, S, _ = x.shape
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)     # k, v: (B, S, hd), shared
        heads = []
        for h in range(self.n_heads):
            qh = q[..., h * self.head_dim:(h + 1) * self.head_dim]
            s = qh @ k.transpose(1, 2) / math.sqrt(self.head_dim)    # (B, S, S)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            if mask is not None:
                s = s.masked_fill(~mask[:, None, :], float("-inf"))
            heads.append(torch.softmax(s, dim=-1) @ v)
        return self.o_proj(torch.cat(heads, dim=-1))
