import math

import torch
from torch import nn


class GRUCell(nn.Module):
    """h_new = n + z * (h - n), i.e. torch.lerp(n, h, z)."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        bound = 1 / math.sqrt(hidden_size)
        self.weight_ih = nn.Parameter(torch.empty(3 * hidden_size, input_size).uniform_(-bound, bound))
        self.weight_hh = nn.Parameter(torch.empty(3 * hidden_size, hidden_size).uniform_(-bound, bound))
        self.bias_ih = nn.Parameter(torch.empty(3 * hidden_size).uniform_(-bound, bound))
        self.bias_hh = nn.Parameter(torch.empty(3 * hidden_size).uniform_(-bound, bound))

    def forward(self, x, h=None):
        H = self.hidden_size
        if h is None:
            h = torch.zeros(x.size(0), H, dtype=x.dtype, device=x.device)
        gi = torch.addmm(self.bias_ih, x, self.weight_ih.t())
        gh = torch.addmm(self.bias_hh, h, self.weight_hh.t())
        rz = torch.sigmoid(gi[:, :2 * H] + gh[:, :2 * H])
        r, z = rz[:, :H], rz[:, H:]
        n = torch.tanh(gi[:, 2 * H:] + r * gh[:, 2 * H:])
        return torch.lerp(n, h, z)
