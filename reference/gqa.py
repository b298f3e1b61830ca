import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int):
        super().__init__()
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        B, S, _ = x.shape
        H, n_kv, hd = self.n_heads, self.n_kv_heads, self.head_dim
        q = self.q_proj(x).view(B, S, H, hd).transpose(1, 2)           # (B, H, S, hd)
        k = self.k_proj(x).view(B, S, n_kv, hd).transpose(1, 2)        # (B, n_kv, S, hd)
        v = self.v_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
        # query head h reads kv head h // g: kv0 kv0 kv1 kv1 ... (HF's repeat_kv)
        k = k.repeat_interleave(H // n_kv, dim=1)                      # (B, H, S, hd)
        v = v.repeat_interleave(H // n_kv, dim=1)
        scores = q @ k.transpose(-2, -1) * hd ** -0.5                  # per head: sqrt(head_dim), not sqrt(d_model)
        if causal:
            future = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))   # padding hides keys
        out = torch.softmax(scores, dim=-1) @ v                        # (B, H, S, hd)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
