"""RoPE scaling: position interpolation and NTK 位置插值与NTK缩放

A model trained with RoPE on sequences of L tokens sees angles it never met beyond L. Two ways to
stretch it to `factor` × L without (much) fine-tuning: write both.

RoPE as in the `rope` drill: `x` is (..., S, D), D even; `positions` is (S,) long (not always
0..S-1); rotate-half pairing, dim i with dim i + D/2, pair i at position p turned by the angle
p · freq_i:
      out[i]       = x[i] · cos - x[i + D/2] · sin
      out[i + D/2] = x[i + D/2] · cos + x[i] · sin
with freq_i = base^(-2i/D), i = 0 .. D/2 - 1. The output has x's shape, dtype and device.

`linear_scaled_rope(x, positions, factor, theta=10000.0)` — position interpolation (Chen et al.
2023; Hugging Face "linear"): positions are divided by `factor`, so the longest context maps back
into the trained range. base = theta, angle = (p / factor) · freq_i.

`ntk_scaled_rope(x, positions, factor, theta=10000.0)` — NTK-aware scaling (bloc97; the static form
of Hugging Face "dynamic"): positions stay as they are and the base grows,

      base = theta · factor^(D / (D - 2)),     angle = p · base^(-2i/D),

so the highest frequency (i = 0) is unchanged and the lowest (i = D/2 - 1) is slowed by exactly
`factor`. Here D >= 4.

- `factor` >= 1 (a float); factor = 1 is plain RoPE for both.
- Compute the angles in float32 even when x is float16/bfloat16, and return x's dtype (half
  precision is graded). Make every tensor on x's device. No Python loop over tokens or leading dims.

Example (D = 4, one token at position 8, factor 4):
    >>> x = torch.tensor([[1.0, 2.0, 3.0, 4.0]])
    >>> linear_scaled_rope(x, torch.tensor([8]), 4.0)    # = plain RoPE at position 2
    tensor([[-3.1440,  1.9196, -0.3391,  4.0392]])
    >>> ntk_scaled_rope(x, torch.tensor([8]), 4.0)       # pair (0, 2): as plain RoPE at 8;
    tensor([[-3.1136,  1.9196,  0.5529,  4.0392]])       # pair (1, 3): as plain RoPE at 8 / 4
"""
import torch


def linear_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    # TODO: frequencies theta^(-2i/D); angles (positions / factor) x frequencies in float32;
    #       x * cos + rotate_half(x) * sin (about 7 lines)
    raise NotImplementedError


def ntk_scaled_rope(x: torch.Tensor, positions: torch.Tensor, factor: float, theta: float = 10000.0) -> torch.Tensor:
    # TODO: the new base theta * factor^(D / (D - 2)); then plain RoPE with it (about 5 lines)
    raise NotImplementedError
