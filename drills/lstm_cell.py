"""LSTM cell LSTM单元

Write the module `LSTMCell(input_size, hidden_size)`: one step of an LSTM, exactly as
nn.LSTMCell computes it.

- Parameters (names and shapes are fixed, those of nn.LSTMCell; the grader loads its own values
  into them), each an `nn.Parameter` (initialise them as you like, e.g. uniform in ±1/sqrt(hidden)):
    weight_ih (4·hidden_size, input_size)     bias_ih (4·hidden_size,)
    weight_hh (4·hidden_size, hidden_size)    bias_hh (4·hidden_size,)
  Their rows are four blocks of hidden_size rows, in the gate order i, f, g, o (input gate,
  forget gate, cell candidate, output gate), as in PyTorch.
- `forward(x, state=None)`: `x` is `(B, input_size)`; `state` is a tuple `(h, c)` of two
  `(B, hidden_size)` tensors, or `None` for zeros. Returns the new `(h, c)`:
      gates = x @ weight_ih.T + bias_ih + h @ weight_hh.T + bias_hh      (B, 4·hidden_size)
      i, f, g, o = the four blocks of gates, in that order
      i, f, o = sigmoid(i), sigmoid(f), sigmoid(o)        g = tanh(g)
      c_new = f * c + i * g
      h_new = o * tanh(c_new)
- The outputs have x's dtype and device; gradients flow to x, the state and every parameter;
  the inputs are not modified.
- The grader runs single steps and whole sequences: the (h, c) you return is fed back as the
  state of the next step, and every step's h and c are compared.
- No Python loop over the batch. Do not call nn.LSTMCell, nn.LSTM or their functional forms:
  the drill is to write it. torch.sigmoid and torch.tanh are allowed.

Example (input_size = 1, hidden_size = 1; all biases 0, weight_hh all 1):
    >>> cell = LSTMCell(1, 1)
    >>> cell.weight_ih.data = torch.tensor([[0.5], [1.0], [2.0], [-1.0]])      # i, f, g, o
    >>> cell.weight_hh.data = torch.ones(4, 1)
    >>> cell.bias_ih.data = torch.zeros(4); cell.bias_hh.data = torch.zeros(4)
    >>> h, c = cell(torch.tensor([[1.0]]), (torch.tensor([[0.5]]), torch.tensor([[1.0]])))
    >>> h.detach(), c.detach()
    (tensor([[0.3443]]), tensor([[1.5388]]))
    # gates = 1·(0.5, 1, 2, -1) + 0.5·(1, 1, 1, 1) = (1, 1.5, 2.5, -0.5)
    # c = sigmoid(1.5)·1 + sigmoid(1)·tanh(2.5) = 0.8176 + 0.7311·0.9866 = 1.5388
    # h = sigmoid(-0.5)·tanh(1.5388) = 0.3775·0.9120 = 0.3443
"""
import torch
from torch import nn


class LSTMCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        # TODO: super().__init__(), keep hidden_size, the four parameters (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor, state: tuple[torch.Tensor, torch.Tensor] | None = None):
        # TODO: zeros when state is None, the gates, chunk in the order i, f, g, o, the new c and h
        # (about 9 lines)
        raise NotImplementedError
