"""Rotary position embedding 旋转位置编码

Write `apply_rope(x, positions, theta=10000.0)`: rotate the features of each token by angles that
grow with its position, so that the dot product of a rotated query and a rotated key depends only
on how far apart they are.

- `x` is `(..., S, D)` (e.g. `(B, H, S, head_dim)`), `D` even; `positions` is `(S,)` long, the
  position of each of the S tokens (not always 0..S-1: think of a KV cache). The output has x's
  shape, dtype and device.
- Rotate-half pairing (GPT-NeoX / Hugging Face LLaMA): dim `i` is paired with dim `i + D/2`, for
  i = 0 .. D/2 - 1. It is NOT the interleaved (2i, 2i+1) pairing of the original paper.
- Pair i turns at frequency `theta ** (-2i / D)`; at position p its angle is `p * theta ** (-2i / D)`:
      out[i]       = x[i] * cos(angle_i) - x[i + D/2] * sin(angle_i)
      out[i + D/2] = x[i + D/2] * cos(angle_i) + x[i] * sin(angle_i)
  i.e. `x * cos + rotate_half(x) * sin` with `rotate_half(x) = cat(-x[..., D/2:], x[..., :D/2])`
  and each angle repeated for both halves.
- Compute the angles in float32 even when x is float16/bfloat16 (position × frequency is too
  coarse in half precision), and return x's dtype. Make every tensor on x's device.

Example (D=4, one token at position 1: pairs (0, 2) at 1 rad and (1, 3) at 0.01 rad):
    >>> apply_rope(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), torch.tensor([1]))
    tensor([[-1.9841,  1.9599,  2.4624,  4.0198]])
"""
import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    # TODO: frequencies, angles (S, D/2) -> (S, D), x * cos + rotate_half(x) * sin (about 6 lines)
    raise NotImplementedError
