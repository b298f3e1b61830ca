import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d_model, dropout=0.0):
        super().__init__()
        self.dropout = dropout
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, mask=None):
        B, S, d = x.shape
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        bias = x.new_zeros(B, 1, S)
        if mask is not None:
            bias = bias.masked_fill(~mask.unsqueeze(1), float("-inf"))
        w = torch.baddbmm(bias.expand(B, S, S), q, k.transpose(1, 2), alpha=d ** -0.5).softmax(dim=-1)
        if self.training and self.dropout > 0:
            keep = torch.rand_like(w) >= self.dropout      # my own inverted dropout on the weights
            w = w * keep / (1 - self.dropout)
        return self.o_proj(torch.bmm(w, v))
