import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class LSTMCell(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.weight_ih = nn.Parameter(torch.randn(4 * hidden_size, input_size) * 0.1)
        self.weight_hh = nn.Parameter(torch.randn(4 * hidden_size, hidden_size) * 0.1)
        self.bias_ih = nn.Parameter(torch.zeros(4 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(4 * hidden_size))

    def step(self, x, h, c):
        gates = self.weight_ih @ x + self.bias_ih + self.weight_hh @ h + self.bias_hh
        i, f, g, o = gates.chunk(4)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        return torch.sigmoid(o) * torch.tanh(c), c

    def forward(self, x, state=None):
        if state is None:
            state = (x.new_zeros(x.shape[0], self.hidden_size), x.new_zeros(x.shape[0], self.hidden_size))
        hs, cs = [], []
        for b in range(x.shape[0]):
            h, c = self.step(x[b], state[0][b], state[1][b])
            hs.append(h)
            cs.append(c)
        return torch.stack(hs), torch.stack(cs)
