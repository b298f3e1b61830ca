import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d_model: int, dropout: float = 0.0):
        super().__init__()
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)           # (B, S, d_model)
        scores = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5              # one head: it is all of d_model
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, :], float("-inf"))   # padding hides keys
        # drop whole attention links (weights), not features of the weighted sum
        weights = self.dropout(torch.softmax(scores, dim=-1))               # (B, S_q, S_k)
        return self.o_proj(weights @ v)
