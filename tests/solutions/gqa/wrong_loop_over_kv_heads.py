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
        B, S, _ = x.shape
        hd, g = self.head_dim, self.n_heads // self.n_kv_heads
        q = self.q_proj(x).view(B, S, self.n_heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(B, S, self.n_kv_heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(B, S, self.n_kv_heads, hd).transpose(1, 2)
        outs = []
        for j in range(self.n_kv_heads):             # each kv head with its group of query heads
            qg = q[:, j * g:(j + 1) * g]              # (B, g, S, hd)
            s = qg @ k[:, j:j + 1].transpose(-2, -1) / math.sqrt(hd)
            if causal:
                s = s.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            if mask is not None:
                s = s.masked_fill(~mask[:, None, None, :], float("-inf"))
            outs.append(torch.softmax(s, dim=-1) @ v[:, j:j + 1])
        out = torch.cat(outs, dim=1)                 # (B, n_heads, S, hd)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, -1))
