"""GRU cell GRU单元

Write the module `GRUCell(input_size, hidden_size)`: one step of a GRU, exactly as nn.GRUCell
computes it.

- Parameters (names and shapes are fixed, those of nn.GRUCell; the grader loads its own values
  into them), each an `nn.Parameter` (initialise them as you like, e.g. uniform in ±1/sqrt(hidden)):
    weight_ih (3·hidden_size, input_size)     bias_ih (3·hidden_size,)
    weight_hh (3·hidden_size, hidden_size)    bias_hh (3·hidden_size,)
  Their rows are three blocks of hidden_size rows, in the order r, z, n (reset gate, update
  gate, candidate), as in PyTorch.
- `forward(x, h=None)`: `x` is `(B, input_size)`; `h` is `(B, hidden_size)`, or `None` for
  zeros. Returns the new h, `(B, hidden_size)`. With the blocks of
      gi = x @ weight_ih.T + bias_ih   ->  i_r, i_z, i_n
      gh = h @ weight_hh.T + bias_hh   ->  h_r, h_z, h_n
  PyTorch's convention is
      r = sigmoid(i_r + h_r)        z = sigmoid(i_z + h_z)
      n = tanh(i_n + r * h_n)       (the reset gate scales h_n AFTER the matmul, bias_hh's n
                                     block included)
      h_new = (1 - z) * n + z * h   (z near 1 keeps the old state)
- The output has x's dtype and device; gradients flow to x, h and every parameter; the inputs
  are not modified.
- The grader runs single steps and whole sequences: the h you return is fed back as the state
  of the next step, and every step's h is compared.
- No Python loop over the batch. Do not call nn.GRUCell, nn.GRU or their functional forms: the
  drill is to write it. torch.sigmoid and torch.tanh are allowed.

Example (input_size = 1, hidden_size = 1):
    >>> cell = GRUCell(1, 1)
    >>> cell.weight_ih.data = torch.tensor([[1.0], [-1.0], [2.0]])      # r, z, n
    >>> cell.weight_hh.data = torch.ones(3, 1)
    >>> cell.bias_ih.data = torch.zeros(3); cell.bias_hh.data = torch.tensor([0.0, 0.0, 0.5])
    >>> cell(torch.tensor([[1.0]]), torch.tensor([[0.5]])).detach()
    tensor([[0.8068]])
    # r = sigmoid(1 + 0.5) = 0.8176, z = sigmoid(-1 + 0.5) = 0.3775
    # n = tanh(2 + r·(0.5 + 0.5)) = tanh(2.8176) = 0.9929
    # h = (1 - 0.3775)·0.9929 + 0.3775·0.5 = 0.8068
"""
import torch
from torch import nn


class GRUCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        # TODO: super().__init__(), keep hidden_size, the four parameters (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, h: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: zeros when h is None, gi and gh, chunk each in the order r, z, n, the gates, the
        # candidate, the new h (about 9 lines)
        raise NotImplementedError
