import torch
from torch import nn

EXPECT = {
    'values': "reset gate applied before the matmul (r * h) @ W_hn.T, the original paper's form; PyTorch applies it after: n = tanh(i_n + r * (h @ W_hn.T + b_hn))",
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
        W_ir, W_iz, W_in = self.weight_ih.chunk(3)
        W_hr, W_hz, W_hn = self.weight_hh.chunk(3)
        b_ir, b_iz, b_in = self.bias_ih.chunk(3)
        b_hr, b_hz, b_hn = self.bias_hh.chunk(3)
        r = torch.sigmoid(x @ W_ir.T + b_ir + h @ W_hr.T + b_hr)
        z = torch.sigmoid(x @ W_iz.T + b_iz + h @ W_hz.T + b_hz)
        n = torch.tanh(x @ W_in.T + b_in + (r * h) @ W_hn.T + b_hn)     # as in Cho et al. (2014)
        return (1 - z) * n + z * h
