import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int):
        super().__init__()
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.head_dim = d_model // n_heads
        self.scale = self.head_dim ** -0.5                      # per head: sqrt(head_dim), not sqrt(d_model)
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
        k, v = self._repeat_kv(k), self._repeat_kv(v)                  # (B, H, S, hd)
        scores = q @ k.transpose(-2, -1) * self.scale                  # (B, H, S, S)
        if causal:
            future = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1)
            scores = scores.masked_fill(future, float("-inf"))
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))   # padding hides keys
        out = torch.softmax(scores, dim=-1) @ v                        # (B, H, S, hd)
        return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))

    def _repeat_kv(self, t: torch.Tensor) -> torch.Tensor:
        """(B, n_kv, S, hd) -> (B, H, S, hd): query head h reads kv head h // g (HF's repeat_kv)."""
        B, n_kv, S, hd = t.shape
        g = self.n_heads // n_kv
        return t[:, :, None].expand(B, n_kv, g, S, hd).reshape(B, n_kv * g, S, hd)   # kv0 kv0 kv1 kv1 ...
