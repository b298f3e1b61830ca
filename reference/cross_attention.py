import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor, memory: torch.Tensor, memory_mask: torch.Tensor | None = None) -> torch.Tensor:
        B, S_q, d_model = x.shape
        S_k = memory.shape[1]
        # queries from the decoder, keys and values from the encoder's output
        q = self.q_proj(x).view(B, S_q, self.n_heads, self.head_dim).transpose(1, 2)        # (B, H, S_q, hd)
        k = self.k_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)   # (B, H, S_k, hd)
        v = self.v_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / self.head_dim ** 0.5                             # (B, H, S_q, S_k)
        if memory_mask is not None:
            scores = scores.masked_fill(~memory_mask[:, None, None, :], float("-inf"))    # padding hides keys
        out = torch.softmax(scores, dim=-1) @ v                                              # no causal mask
        return self.o_proj(out.transpose(1, 2).reshape(B, S_q, d_model))
