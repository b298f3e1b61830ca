"""2-D max pooling 最大池化

Write `max_pool2d(x, kernel_size, stride=None, padding=0)`: the max pooling of nn.MaxPool2d
(dilation 1, floor mode), without the pooling built-ins.

- `x` is `(N, C, H, W)`, a float tensor. `kernel_size` is an int (a square window); `stride`
  is an int >= 1, or `None`, which means `stride = kernel_size` (windows side by side, PyTorch's
  default). `padding` is an int with `0 <= padding <= kernel_size // 2` (what PyTorch allows),
  added on every side (top, bottom, left and right). The inputs are such that at least one
  window fits: H + 2·padding >= kernel_size, and the same for W.
- Padded positions count as -inf: they are never the maximum (zeros would win over a window of
  negative values).
- Output `(N, C, H_out, W_out)` with H_out = (H + 2·padding - kernel_size) // stride + 1 (the
  same for W_out): out[n, c, i, j] = the maximum of the padded x[n, c] over rows
  i·stride .. i·stride + kernel_size - 1 and columns j·stride .. j·stride + kernel_size - 1.
  Each channel is pooled on its own.
- The output has x's dtype and device; gradients flow to x (to the maximum of each window); x
  is not modified.
- No Python loop over the batch, the channels or the output positions (a loop over the
  kernel's offsets is fine). F.pad, Tensor.unfold, F.unfold, amax and max are allowed;
  F.max_pool2d, nn.MaxPool2d and the other pooling built-ins are not: the drill is to write it.

Example:
    >>> x = torch.tensor([[[[1.0, -2.0, 3.0, 0.0],
    ...                     [-4.0, 5.0, -6.0, 2.0],
    ...                     [7.0, -8.0, -9.0, -1.0]]]])          # (1, 1, 3, 4)
    >>> max_pool2d(x, 2)                # stride 2: (3 - 2) // 2 + 1 = 1 row, 2 columns
    tensor([[[[5., 3.]]]])
    >>> max_pool2d(x, 2, stride=1)
    tensor([[[[5., 5., 3.],
              [7., 5., 2.]]]])
    >>> max_pool2d(torch.tensor([[[[-1.0, -2.0], [-3.0, -4.0]]]]), 2, stride=1, padding=1)
    tensor([[[[-1., -1., -2.],
              [-1., -1., -2.],
              [-3., -3., -4.]]]])      # zero padding would put 0 in every border window
"""
import torch
import torch.nn.functional as F


def max_pool2d(x: torch.Tensor, kernel_size: int, stride: int | None = None,
               padding: int = 0) -> torch.Tensor:
    # TODO: default stride, pad with -inf, cut the windows (N, C, H_out, W_out, k, k), max over
    # each window (about 4 lines)
    raise NotImplementedError
