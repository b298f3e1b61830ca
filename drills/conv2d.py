"""2-D convolution by im2col 二维卷积

Write `conv2d(x, weight, bias=None, stride=1, padding=0)`: the 2-D convolution of a deep
learning library (nn.Conv2d's forward), computed as im2col + one matrix product.

- `x` is `(N, C, H, W)`; `weight` is `(O, C, kh, kw)` (kh and kw may differ); `bias` is `(O,)`
  or `None` (no bias term). `stride` and `padding` are ints, the same for both axes: stride >= 1,
  padding >= 0 zeros added on EVERY side (top, bottom, left and right). The inputs are such
  that at least one window fits: H + 2·padding >= kh and W + 2·padding >= kw.
- Output `(N, O, H_out, W_out)` with
      H_out = (H + 2·padding - kh) // stride + 1      W_out = (W + 2·padding - kw) // stride + 1
  out[n, o, i, j] = bias[o] + sum over c, a, b of
      weight[o, c, a, b] · x_padded[n, c, i·stride + a, j·stride + b]
  This is cross-correlation, as in PyTorch: the kernel is NOT flipped.
- The output has x's dtype and device; gradients flow to x, weight and bias; the inputs are
  not modified.
- No Python loop over the batch, the channels or the output positions: cut the windows into
  columns (im2col), then one matrix product with the weight flattened to `(O, C·kh·kw)`.
  F.unfold (it makes the columns, ordered (C, kh, kw) like weight.view(O, -1)), F.pad and
  Tensor.unfold are allowed; F.conv2d, nn.Conv2d and the other convolution built-ins are not:
  the drill is to write it.

Example:
    >>> x = torch.arange(1.0, 10.0).view(1, 1, 3, 3)       # [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    >>> weight = torch.tensor([[[[1.0, 0.0], [0.0, -1.0]]]])  # x[i, j] - x[i + 1, j + 1]
    >>> conv2d(x, weight, torch.tensor([0.5]))
    tensor([[[[-3.5000, -3.5000],
              [-3.5000, -3.5000]]]])
    >>> conv2d(x, weight, torch.tensor([0.5]), stride=2, padding=1)   # (3 + 2 - 2) // 2 + 1 = 2
    tensor([[[[-0.5000, -2.5000],
              [-6.5000, -3.5000]]]])
    # top-left window: rows -1..0, cols -1..0 of the padded x: 0·1 - x[0, 0] + 0.5 = -0.5
    # (a flipped kernel would give +4.5 in the first example)
"""
import torch
import torch.nn.functional as F


def conv2d(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None, stride: int = 1,
           padding: int = 0) -> torch.Tensor:
    # TODO: output size, columns (N, C·kh·kw, H_out·W_out), weight.view(O, -1) @ columns, bias,
    # view as (N, O, H_out, W_out) (about 8 lines)
    raise NotImplementedError
