import torch
from torch import nn


class LSTMCell(nn.Module):
    """One linear map per gate, on views of the stacked weights, with hand-written activations."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.weight_ih = nn.Parameter(torch.randn(4 * hidden_size, input_size) / hidden_size ** 0.5)
        self.weight_hh = nn.Parameter(torch.randn(4 * hidden_size, hidden_size) / hidden_size ** 0.5)
        self.bias_ih = nn.Parameter(torch.zeros(4 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(4 * hidden_size))

    def gate(self, k, x, h):
        H = self.hidden_size
        rows = slice(k * H, (k + 1) * H)
        return (torch.einsum("bi,hi->bh", x, self.weight_ih[rows]) + self.bias_ih[rows]
                + torch.einsum("bj,hj->bh", h, self.weight_hh[rows]) + self.bias_hh[rows])

    def forward(self, x, state=None):
        if state is None:
            h = c = torch.zeros(x.shape[0], self.hidden_size, dtype=x.dtype, device=x.device)
        else:
            h, c = state
        sig = lambda t: 0.5 * (1 + torch.tanh(t / 2))                  # sigmoid without overflow
        i, f, g, o = (self.gate(k, x, h) for k in range(4))
        c_new = sig(f) * c + sig(i) * torch.tanh(g)
        return sig(o) * torch.tanh(c_new), c_new
