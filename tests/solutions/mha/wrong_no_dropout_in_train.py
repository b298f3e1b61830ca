import torch

EXPECT = {
    'dropout in train()': 'no dropout in train() mode (nn.Dropout created but not applied, or applied before the softmax)',
}
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.0):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, mask=None, causal=False):
        B, S, D = x.shape
        q, k, v = (p(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)
                   for p in (self.q_proj, self.k_proj, self.v_proj))
        scores = q @ k.transpose(-2, -1) / self.head_dim ** 0.5
        if causal:
            scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))
        out = scores.softmax(-1) @ v                     # self.drop is never applied
        return self.o_proj(out.transpose(1, 2).reshape(B, S, D))
