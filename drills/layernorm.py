"""LayerNorm 层归一化

Write the module `LayerNorm(d, eps=1e-5)`: normalise every vector along the last dimension to
mean 0 and variance 1, then scale and shift it with learned per-feature parameters.

    mean = x.mean(-1)                 var = ((x - mean) ** 2).mean(-1)
    y    = (x - mean) / sqrt(var + eps) * weight + bias

- Parameters (names and shapes are fixed; the grader loads its own values into them):
  `weight` (d,) initialised to ones and `bias` (d,) initialised to zeros, both `nn.Parameter`.
- `forward(x)`: `x` is `(..., d)` with any number of leading dims. The output has x's shape,
  dtype and device. Each vector `x[..., :]` is normalised on its own: nothing is shared across
  rows or batch elements.
- The variance is the biased one, as in nn.LayerNorm: the mean of the squared deviations
  (divide by d, not d - 1). `eps` goes inside the square root.
- float16 / bfloat16 inputs must work: compute the statistics in float32 (squares of values
  above ~256 overflow float16) and return x's dtype.
- Do not call F.layer_norm, nn.LayerNorm or F.group_norm: the drill is to write it.

Example:
    >>> ln = LayerNorm(4)                          # weight = 1, bias = 0
    >>> ln(torch.tensor([[1.0, 2.0, 3.0, 4.0]])).detach()
    tensor([[-1.3416, -0.4472,  0.4472,  1.3416]])
    # mean 2.5, var (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25, so -1.5 / sqrt(1.25) = -1.3416
"""
import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-5):
        # TODO: super().__init__(), keep eps, `weight` (ones) and `bias` (zeros) as nn.Parameter (about 4 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: mean and biased variance over the last dim in float32, normalise, scale, shift (about 6 lines)
        raise NotImplementedError
