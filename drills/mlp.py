"""MLP 多层感知机

Write the module `MLP(d_in, d_hidden, d_out)`: a two-layer perceptron,

    MLP(x) = fc2( relu( fc1(x) ) )          fc(x) = x @ W.T + b

- Parameters (exact names and shapes; the grader loads its own weights into your module by
  these names, and grades the gradients of every one of them):
    fc1  nn.Linear(d_in, d_hidden)    weight (d_hidden, d_in), bias (d_hidden,)
    fc2  nn.Linear(d_hidden, d_out)   weight (d_out, d_hidden), bias (d_out,)
  `nn.Linear` and `F.relu` are allowed (so is writing `x @ W.T + b` yourself).
- ReLU between the two layers only: the output of fc2 is returned as it is (no activation on
  the output).
- `x` is `(..., d_in)`: a batch `(N, d_in)` or tokens `(B, S, d_in)`; every row is
  transformed on its own. The output is `(..., d_out)`, with x's dtype and device; x is not
  modified.

Example (d_in=2, d_hidden=2, d_out=1):
    fc1.weight = [[1.0, -1.0], [0.5, 0.5]], fc1.bias = [0.0, -1.0]
    fc2.weight = [[1.0, 2.0]],              fc2.bias = [0.5]
    x = [[3.0, 1.0], [-1.0, 2.0]]
    fc1(x)       = [[2.0, 1.0], [-3.0, -0.5]]
    relu         = [[2.0, 1.0], [ 0.0,  0.0]]
    MLP(x)       = [[4.5], [0.5]]
"""
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, d_in: int, d_hidden: int, d_out: int):
        super().__init__()
        # TODO: fc1 and fc2 (about 2 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: fc1, ReLU, fc2 (about 1 line)
        raise NotImplementedError
