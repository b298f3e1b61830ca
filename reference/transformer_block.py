import torch
from torch import nn

from reference.gqa import GroupedQueryAttention
from reference.rmsnorm import RMSNorm
from reference.rope import apply_rope
from reference.swiglu import SwiGLU


class DecoderBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int, d_ff: int):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, d_model // n_heads
        self.attn_norm = RMSNorm(d_model)
        self.attn = GroupedQueryAttention(d_model, n_heads, n_kv_heads)   # its projections; RoPE added below
        self.ffn_norm = RMSNorm(d_model)
        self.ffn = SwiGLU(d_model, d_ff)

    def forward(self, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        # pre-norm: each sublayer reads a normalised copy, the residual stream itself is never normalised
        x = x + self._attention(self.attn_norm(x), positions)
        return x + self.ffn(self.ffn_norm(x))

    def _attention(self, h: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        """Causal GQA over h (B, S, d_model) with RoPE on q and k."""
        a, B, S = self.attn, h.shape[0], h.shape[1]
        H, n_kv, hd = self.n_heads, self.n_kv_heads, self.head_dim
        q = a.q_proj(h).view(B, S, H, hd).transpose(1, 2)              # (B, H, S, hd)
        k = a.k_proj(h).view(B, S, n_kv, hd).transpose(1, 2)           # (B, n_kv, S, hd)
        v = a.v_proj(h).view(B, S, n_kv, hd).transpose(1, 2)
        q, k = apply_rope(q, positions), apply_rope(k, positions)      # per head, after the split; never v
        k = k.repeat_interleave(H // n_kv, dim=1)                      # query head h reads kv head h // g
        v = v.repeat_interleave(H // n_kv, dim=1)
        scores = q @ k.transpose(-2, -1) * hd ** -0.5                  # (B, H, S, S)
        future = torch.ones(S, S, dtype=torch.bool, device=h.device).triu(1)
        out = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1) @ v
        return a.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
