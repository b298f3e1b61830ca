"""Activations 激活函数

Write seven activation functions. Each takes a float tensor `x` of any shape and acts on every
element on its own:

    sigmoid(x)                  = 1 / (1 + exp(-x))
    tanh(x)                     = (exp(x) - exp(-x)) / (exp(x) + exp(-x))
    relu(x)                     = x if x > 0 else 0
    leaky_relu(x, slope=0.01)   = x if x > 0 else slope * x
    elu(x, alpha=1.0)           = x if x > 0 else alpha * (exp(x) - 1)
    gelu(x, approximate="none") = x * Φ(x) = 0.5 * x * (1 + erf(x / sqrt(2)))     (Φ: normal CDF)
    gelu(x, approximate="tanh") = 0.5 * x * (1 + tanh(sqrt(2 / π) * (x + 0.044715 * x³)))
    silu(x)                     = x * sigmoid(x)

- The same values as torch's own functions of these names (torch.sigmoid, F.gelu, ...). The
  output has x's shape, dtype and device; x itself is not modified. `slope` is a float in
  [0, 1] (0 and 1 included); `alpha` is a float >= 0.
- Gradients are graded too: autograd through your code must give torch's gradients, at x = 0
  as well (sigmoid, tanh, gelu and silu are smooth there; |x| and sign(x) have gradient 0 at 0,
  so a formula in |x| loses it). Only the kinks at x = 0 of relu, leaky_relu and elu are not graded.
- Stable for |x| up to 1e4: no inf or NaN in the output nor in the gradient. The formulas above
  overflow as written (exp(1e4) is inf in float32): arrange that exp only ever sees numbers <= 0.
  Careful with torch.where: the branch it drops is still computed and still differentiated, and
  in the backward pass 0 * inf = NaN.
- Do not call the built-ins (torch.sigmoid, torch.tanh, torch.relu, F.leaky_relu, F.elu, F.gelu,
  F.silu, their nn modules and Tensor methods): write them. torch.exp, expm1, erf, clamp and where
  are fine, and your functions may call each other (silu can use your sigmoid, the tanh form of
  gelu your tanh).

Example:
    >>> x = torch.tensor([-2.0, -0.5, 0.5, 2.0])
    >>> sigmoid(x)
    tensor([0.1192, 0.3775, 0.6225, 0.8808])
    >>> leaky_relu(x, slope=0.1)
    tensor([-0.2000, -0.0500,  0.5000,  2.0000])
    >>> gelu(x), gelu(x, approximate="tanh")
    (tensor([-0.0455, -0.1543,  0.3457,  1.9545]), tensor([-0.0454, -0.1543,  0.3457,  1.9546]))
    >>> sigmoid(torch.tensor([-1e4, 1e4]))
    tensor([0., 1.])
"""
import math

import torch


def sigmoid(x: torch.Tensor) -> torch.Tensor:
    # TODO: 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) for x < 0, no overflow (about 3 lines)
    raise NotImplementedError


def tanh(x: torch.Tensor) -> torch.Tensor:
    # TODO: from your sigmoid (about 1 line)
    raise NotImplementedError


def relu(x: torch.Tensor) -> torch.Tensor:
    # TODO: (about 1 line)
    raise NotImplementedError


def leaky_relu(x: torch.Tensor, slope: float = 0.01) -> torch.Tensor:
    # TODO: (about 1 line)
    raise NotImplementedError


def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    # TODO: keep exp's argument <= 0 in both branches (about 1 line)
    raise NotImplementedError


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    # TODO: the erf form, or the tanh form when approximate == "tanh" (about 3 lines)
    raise NotImplementedError


def silu(x: torch.Tensor) -> torch.Tensor:
    # TODO: (about 1 line)
    raise NotImplementedError
