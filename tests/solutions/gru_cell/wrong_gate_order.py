import torch
from torch import nn

EXPECT = {
    'values': "gates split in another order than PyTorch's r, z, n (reset, update, candidate)",
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
        i_z, i_r, i_n = (x @ self.weight_ih.T + self.bias_ih).chunk(3, dim=1)   # z first
        h_z, h_r, h_n = (h @ self.weight_hh.T + self.bias_hh).chunk(3, dim=1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return (1 - z) * n + z * h
