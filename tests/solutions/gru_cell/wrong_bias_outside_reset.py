import torch
from torch import nn

EXPECT = {
    'values': "bias_hh's n block added outside the reset gate: PyTorch's n = tanh(i_n + r * (h @ W_hn.T + b_hn))",
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
        H = self.hidden_size
        if h is None:
            h = x.new_zeros(x.shape[0], H)
        gi = x @ self.weight_ih.T + self.bias_ih
        gh = h @ self.weight_hh.T
        r = torch.sigmoid(gi[:, :H] + gh[:, :H] + self.bias_hh[:H])
        z = torch.sigmoid(gi[:, H:2 * H] + gh[:, H:2 * H] + self.bias_hh[H:2 * H])
        n = torch.tanh(gi[:, 2 * H:] + self.bias_hh[2 * H:] + r * gh[:, 2 * H:])
        return (1 - z) * n + z * h
