"""Pre-norm decoder block 解码器层

Write the module `DecoderBlock(d_model, n_heads, n_kv_heads, d_ff)`: one LLaMA-style decoder
layer — RMSNorm, causal grouped-query attention with RoPE, residual; RMSNorm, SwiGLU FFN,
residual. It composes the rmsnorm, gqa, rope and swiglu drills.

Submodules and parameters (exactly these names and shapes, nested: the grader loads its weights
into yours, e.g. `attn.q_proj.weight`), with head_dim = d_model // n_heads, all Linear bias-free:
    attn_norm.weight (d_model,)          RMSNorm, eps=1e-6
    attn.q_proj.weight (n_heads*head_dim, d_model)
    attn.k_proj.weight, attn.v_proj.weight (n_kv_heads*head_dim, d_model)
    attn.o_proj.weight (d_model, n_heads*head_dim)
    ffn_norm.weight (d_model,)           RMSNorm, eps=1e-6
    ffn.gate_proj.weight, ffn.up_proj.weight (d_ff, d_model); ffn.down_proj.weight (d_model, d_ff)
So `self.attn` is a small module holding the four projections (as in the gqa drill) and
`self.ffn` one holding the three (as in the swiglu drill). nn.RMSNorm(d_model, eps=1e-6) and
nn.Linear are fine.

`forward(x, positions) -> (B, S, d_model)`; x (B, S, d_model), positions (S,) long (the position
of each token, for RoPE; not always 0..S-1, nor always contiguous). Output with x's dtype and device:
    h   = x + Attention(RMSNorm_attn(x), positions)       pre-norm: normalise the sublayer's
    out = h + SwiGLU(RMSNorm_ffn(h))                      input, never the residual stream
- RMSNorm(x) = x / sqrt(mean(x², last dim) + 1e-6) * weight.
- Attention: causal (token i attends j <= i) grouped-query attention as in the gqa drill: split
  q into (B, n_heads, S, head_dim), k and v into (B, n_kv_heads, S, head_dim); query head h reads
  kv head h // (n_heads // n_kv_heads); scores / sqrt(head_dim); heads merged, then o_proj.
  RoPE is applied to q and k (never v) per head, after the split into heads and before the
  scores: rotate-half pairing (dim i with i + head_dim/2), angle positions * 10000 ** (-2i /
  head_dim); rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin (as in the rope drill).
- SwiGLU(h) = down_proj(silu(gate_proj(h)) * up_proj(h)).
- Vectorise over batch and heads: no Python loop over either (a check counts your torch calls).

Example:
    >>> block = DecoderBlock(d_model=16, n_heads=4, n_kv_heads=2, d_ff=32)   # head_dim 4
    >>> sorted(k for k in block.state_dict())[:3]
    ['attn.k_proj.weight', 'attn.o_proj.weight', 'attn.q_proj.weight']
    >>> block(torch.randn(2, 5, 16), torch.arange(5)).shape
    torch.Size([2, 5, 16])
    Shifting every position by the same amount leaves the output unchanged: RoPE makes attention
    depend only on distances.
"""
import torch
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int, d_ff: int):
        # TODO: super().__init__(); attn_norm, attn (q/k/v/o projections), ffn_norm, ffn (gate/up/down)
        # (about 6 lines, plus small RMSNorm, attention-weights and SwiGLU modules and a rope helper)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        # TODO: x + attention(attn_norm(x)) with RoPE on q and k, then h + ffn(ffn_norm(h))
        # (about 15 lines)
        raise NotImplementedError
