import math

import torch
from torch import nn


class LSTMCell(nn.Module):
    """The fused form: [x, h] times [weight_ih, weight_hh] in one product."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        bound = 1 / math.sqrt(hidden_size)
        self.weight_ih = nn.Parameter(torch.empty(4 * hidden_size, input_size))
        self.weight_hh = nn.Parameter(torch.empty(4 * hidden_size, hidden_size))
        self.bias_ih = nn.Parameter(torch.empty(4 * hidden_size))
        self.bias_hh = nn.Parameter(torch.empty(4 * hidden_size))
        for p in self.parameters():
            nn.init.uniform_(p, -bound, bound)

    def forward(self, x, state=None):
        B, H = x.shape[0], self.hidden_size
        h, c = state if state is not None else (x.new_zeros(B, H), x.new_zeros(B, H))
        xh = torch.cat([x, h], dim=1)                                     # (B, input + hidden)
        w = torch.cat([self.weight_ih, self.weight_hh], dim=1)           # (4H, input + hidden)
        z = xh @ w.t() + (self.bias_ih + self.bias_hh)
        i = torch.sigmoid(z[:, :H])
        f = torch.sigmoid(z[:, H:2 * H])
        g = torch.tanh(z[:, 2 * H:3 * H])
        o = torch.sigmoid(z[:, 3 * H:])
        c_next = f * c + i * g
        return o * torch.tanh(c_next), c_next
