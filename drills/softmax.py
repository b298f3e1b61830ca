"""Softmax 手撕softmax

Write `softmax(x, dim=-1)`: exponentiate and normalise along `dim`, so that every slice along
`dim` is a probability distribution.

    softmax(x)_i = exp(x_i) / sum_j exp(x_j)

- `x` is a float tensor of any shape; `dim` may be negative. The output has x's shape, dtype
  and device.
- Numerically stable: subtract the maximum along `dim` first (softmax ignores a constant
  shift), so `exp` cannot overflow. Inputs as large as 1e4 must give finite probabilities.
- Do not call torch.softmax, F.softmax, log_softmax or Tensor.softmax: the drill is to write it.

Example:
    >>> softmax(torch.tensor([1.0, 2.0, 3.0]))
    tensor([0.0900, 0.2447, 0.6652])
"""
import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    # TODO: subtract the max along dim, exponentiate, divide by the sum (about 3 lines)
    raise NotImplementedError
