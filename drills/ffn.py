"""Feed-forward network 前馈网络

Write the module `FFN(d_model, d_ff, activation="relu")`: the position-wise feed-forward block of
the original Transformer (ReLU) and of BERT / GPT (GELU). For each token `x` (the last dim,
`d_model` features):

    FFN(x) = fc2( act( fc1(x) ) )          fc1: d_model -> d_ff,  fc2: d_ff -> d_model

- Parameters (exact names and shapes, both with bias):
    fc1  nn.Linear(d_model, d_ff)    weight (d_ff, d_model), bias (d_ff,)
    fc2  nn.Linear(d_ff, d_model)    weight (d_model, d_ff), bias (d_model,)
  The grader loads its own weights into your module by these names.
- `activation` is "relu" or "gelu", applied between fc1 and fc2 (never after fc2). "gelu" is the
  exact GELU, x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))), as F.gelu computes by default — not
  the tanh approximation (F.gelu(x, approximate="tanh")).
- `x` is `(B, S, d_model)` (any leading dims work the same); the output has x's shape, dtype and
  device. Every token is transformed on its own.
- nn.Linear, F.relu and F.gelu are allowed.

Example (d_model=1, d_ff=2, fc1.weight = [[1], [-1]], fc1.bias = 0, fc2.weight = [[1, 1]],
fc2.bias = 0):
    x = 2.0:  fc1 -> [2, -2]
              relu -> [2, 0]            -> fc2 -> 2.0
              gelu -> [1.9545, -0.0455] -> fc2 -> 1.9090
"""
import torch
from torch import nn


class FFN(nn.Module):
    def __init__(self, d_model: int, d_ff: int, activation: str = "relu"):
        # TODO: super().__init__(), fc1 and fc2 (nn.Linear with bias), remember the activation (about 4 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: fc2(act(fc1(x))) with the exact GELU or ReLU (about 2 lines)
        raise NotImplementedError
