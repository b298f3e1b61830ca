import math

import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)

    def forward(self, x, mask=None, causal=False):
        out = []
        for b in range(x.shape[0]):
            xb = x[b]                                              # (S, d_model)
            S = xb.shape[0]
            q = self.q_proj(xb).view(S, self.n_heads, self.head_dim).transpose(0, 1)
            k = self.k_proj(xb).view(S, self.n_kv_heads, self.head_dim).transpose(0, 1)
            v = self.v_proj(xb).view(S, self.n_kv_heads, self.head_dim).transpose(0, 1)
            g = self.n_heads // self.n_kv_heads
            k, v = k.repeat_interleave(g, 0), v.repeat_interleave(g, 0)
            s = q @ k.transpose(1, 2) / math.sqrt(self.head_dim)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            if mask is not None:
                s = s.masked_fill(~mask[b], float("-inf"))
            o = torch.softmax(s, -1) @ v
            out.append(self.o_proj(o.transpose(0, 1).reshape(S, -1)))
        return torch.stack(out)
