"""Linear layer 线性层

Write `linear(x, weight, bias=None)`: the affine map of a fully connected layer,

    y = x @ weight.T + bias

applied to the last dimension of `x`.

- `x` is `(..., d_in)`: any number of leading dimensions (none, `(N,)`, `(B, S)`, ...), all kept.
- `weight` is `(d_out, d_in)` — PyTorch's `nn.Linear` layout, one row per output feature — so
  the output is `(..., d_out)`.
- `bias` is `(d_out,)` or `None`; with `None` there is no bias term.
- The output has x's dtype and device. Gradients must flow to `x`, `weight` and `bias`.
- Do not call `F.linear` or `nn.Linear`: the drill is to write it.

Example:
    >>> x = torch.tensor([[1.0, 2.0]])                       # (1, 2)
    >>> weight = torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0]])   # (3, 2)
    >>> linear(x, weight, torch.tensor([0.0, 0.5, 1.0]))
    tensor([[ 1.0000,  3.5000, -1.0000]])
"""
import torch


def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: multiply the last dim of x by weight transposed, add the bias if there is one (about 3 lines)
    raise NotImplementedError
