import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class GRUCell(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.weight_ih = nn.Parameter(torch.randn(3 * hidden_size, input_size) * 0.1)
        self.weight_hh = nn.Parameter(torch.randn(3 * hidden_size, hidden_size) * 0.1)
        self.bias_ih = nn.Parameter(torch.zeros(3 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(3 * hidden_size))

    def forward(self, x, h=None):
        if h is None:
            h = x.new_zeros(x.shape[0], self.hidden_size)
        out = []
        for b in range(x.shape[0]):
            i_r, i_z, i_n = (self.weight_ih @ x[b] + self.bias_ih).chunk(3)
            h_r, h_z, h_n = (self.weight_hh @ h[b] + self.bias_hh).chunk(3)
            r, z = torch.sigmoid(i_r + h_r), torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            out.append((1 - z) * n + z * h[b])
        return torch.stack(out)
