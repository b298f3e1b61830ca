import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, self.head_dim, bias=False)   # one key head serves every query head
        self.v_proj = nn.Linear(d_model, self.head_dim, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        B, S, d_model = x.shape
        q = self.q_proj(x).view(B, S, self.n_heads, self.head_dim).transpose(1, 2)   # (B, H, S, hd)
        k = self.k_proj(x)[:, None]                    # (B, 1, S, hd): matmul broadcasts it over the heads
        v = self.v_proj(x)[:, None]
        scores = q @ k.transpose(-2, -1) * self.head_dim ** -0.5                      # per head, not d_model
        if causal:
            future = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))      # padding hides keys
        out = torch.softmax(scores, dim=-1) @ v                                       # (B, H, S, hd)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, d_model))                # heads side by side
