import torch
from torch import nn


class GRUCell(nn.Module):
    """One product per gate, on views of the stacked weights."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.weight_ih = nn.Parameter(torch.randn(3 * hidden_size, input_size) / hidden_size ** 0.5)
        self.weight_hh = nn.Parameter(torch.randn(3 * hidden_size, hidden_size) / hidden_size ** 0.5)
        self.bias_ih = nn.Parameter(torch.zeros(3 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(3 * hidden_size))

    def block(self, k, x, h):
        rows = slice(k * self.hidden_size, (k + 1) * self.hidden_size)
        a = torch.einsum("bi,hi->bh", x, self.weight_ih[rows]) + self.bias_ih[rows]
        b = torch.einsum("bj,hj->bh", h, self.weight_hh[rows]) + self.bias_hh[rows]
        return a, b

    def forward(self, x, h=None):
        if h is None:
            h = x.new_zeros(x.shape[0], self.hidden_size)
        (i_r, h_r), (i_z, h_z), (i_n, h_n) = (self.block(k, x, h) for k in range(3))
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return h + (1 - z) * (n - h)
