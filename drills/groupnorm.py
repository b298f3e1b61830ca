"""GroupNorm 组归一化

Write the module `GroupNorm(num_groups, num_channels, eps=1e-5)`, the behaviour of
nn.GroupNorm: split the channels into groups, normalise each group of each sample to mean 0
and variance 1, then scale and shift every channel with its own learned parameters.

- Input `x` is `(N, C, *)`: a batch of N samples, C = num_channels channels, then any number
  of spatial dims (none: `(N, C)`; a sequence `(N, C, L)`; an image `(N, C, H, W)`; ...).
  `num_channels` is divisible by `num_groups`, and each group holds at least two values
  (C / G × the spatial size >= 2; PyTorch raises otherwise).
- Group g holds the C / G CONSECUTIVE channels g·C/G .. (g+1)·C/G - 1 (G = num_groups). For each
  sample n and group g, the statistics are taken over all of x[n, channels of g, *]:
      mean = the mean of those values      var = the mean of (value - mean)²  (BIASED: divide
      by the count, not count - 1)
      y    = (x - mean) / sqrt(var + eps)
  Samples never share statistics (unlike BatchNorm): each is normalised on its own.
- Affine PER CHANNEL, after normalising: out[:, c] = y[:, c] * weight[c] + bias[c].
- Parameters (names and shapes are fixed; the grader loads its own values into them):
  `weight` (num_channels,) initialised to ones and `bias` (num_channels,) initialised to zeros,
  both `nn.Parameter`.
- The output has x's shape, dtype and device; gradients flow to x, weight and bias; x is not
  modified (no in-place arithmetic on a view of x).
- No Python loop over the samples or the groups: reshape to (N, G, -1) and reduce.
- Do not call F.group_norm, nn.GroupNorm, or the layer, instance and batch norm built-ins: the
  drill is to write it.

Example:
    >>> gn = GroupNorm(2, 4)                 # weight = 1, bias = 0; channels {0, 1} and {2, 3}
    >>> x = torch.tensor([[[1.0, 2.0], [3.0, 4.0], [-1.0, 1.0], [0.0, 0.0]]])   # (1, 4, 2)
    >>> gn(x).detach()
    tensor([[[-1.3416, -0.4472],
             [ 0.4472,  1.3416],
             [-1.4142,  1.4142],
             [ 0.0000,  0.0000]]])
    # group 0 is {1, 2, 3, 4}: mean 2.5, var 1.25; group 1 is {-1, 1, 0, 0}: mean 0, var 0.5
"""
import torch
from torch import nn


class GroupNorm(nn.Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5):
        # TODO: super().__init__(), keep num_groups and eps, `weight` (ones) and `bias` (zeros) of
        # shape (num_channels,) as nn.Parameter (about 5 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: view as (N, G, -1), mean and biased variance of each group, normalise, view back
        # as x's shape, scale and shift per channel (about 7 lines)
        raise NotImplementedError
