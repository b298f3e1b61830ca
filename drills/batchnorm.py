"""BatchNorm 批归一化

Write the module `BatchNorm(num_features, eps=1e-5, momentum=0.1)`, the behaviour of
nn.BatchNorm1d: normalise every channel over the batch (and length) axes, and keep running
statistics for evaluation.

- Input `x` is `(N, C)` or `(N, C, L)`, with `C = num_features`; the statistics of channel c
  are taken over all of `x[:, c]` (N values, or N·L values). The output has x's shape, dtype
  and device.
- Parameters and buffers (names and shapes are fixed; the grader loads its own values):
  `weight` (C,) = ones and `bias` (C,) = zeros as `nn.Parameter`; `running_mean` (C,) = zeros
  and `running_var` (C,) = ones as buffers (`self.register_buffer`). No `num_batches_tracked`.
- Training (`self.training` is True):
      mean, var = the batch mean and the BIASED batch variance (divide by n = N or N·L)
      y = (x - mean) / sqrt(var + eps) * weight + bias
      running_mean = (1 - momentum) * running_mean + momentum * mean
      running_var  = (1 - momentum) * running_var  + momentum * var * n / (n - 1)   (UNBIASED)
  The running statistics are bookkeeping: keep them out of the autograd graph (torch.no_grad()
  or .detach()). Training batches have at least two values per channel.
- Evaluation (after `.eval()`): normalise with running_mean and running_var instead; nothing
  is updated, and any batch size works (even N = 1).
- The grader runs a few training steps, then one evaluation step, and compares every output
  and both running statistics.
- Do not call F.batch_norm or any nn.BatchNorm* module: the drill is to write it.

Example:
    >>> bn = BatchNorm(2)
    >>> bn(torch.tensor([[1.0, 10.0], [3.0, 20.0]])).detach()    # mean (2, 15), var (1, 25)
    tensor([[-1.0000, -1.0000],
            [ 1.0000,  1.0000]])
    >>> bn.running_mean, bn.running_var     # 0.1 * (2, 15); 0.9 * 1 + 0.1 * unbiased (2, 50)
    (tensor([0.2000, 1.5000]), tensor([1.1000, 5.9000]))
    >>> bn.eval()(torch.tensor([[2.0, 15.0]])).detach()    # (2 - 0.2) / sqrt(1.1 + eps), ...
    tensor([[1.7162, 5.5579]])
"""
import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        # TODO: super().__init__(), keep eps and momentum, make `weight`, `bias` parameters and
        # `running_mean`, `running_var` buffers (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: batch statistics and running-stat updates in training, running stats in eval,
        # then normalise, scale and shift, broadcasting (C,) over (N, C) or (N, C, L) (about 14 lines)
        raise NotImplementedError
