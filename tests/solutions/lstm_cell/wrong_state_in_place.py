import torch
from torch import nn

EXPECT = {
    'inputs unchanged': 'the state modified in place: return new tensors',
}


class LSTMCell(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.weight_ih = nn.Parameter(torch.randn(4 * hidden_size, input_size) * 0.1)
        self.weight_hh = nn.Parameter(torch.randn(4 * hidden_size, hidden_size) * 0.1)
        self.bias_ih = nn.Parameter(torch.zeros(4 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(4 * hidden_size))

    def forward(self, x, state=None):
        if state is None:
            state = (x.new_zeros(x.shape[0], self.hidden_size), x.new_zeros(x.shape[0], self.hidden_size))
        h, c = state
        gates = x @ self.weight_ih.T + self.bias_ih + h @ self.weight_hh.T + self.bias_hh
        i, f, g, o = gates.chunk(4, dim=1)
        c.mul_(torch.sigmoid(f)).add_(torch.sigmoid(i) * torch.tanh(g))   # updates the caller's c
        return torch.sigmoid(o) * torch.tanh(c), c
