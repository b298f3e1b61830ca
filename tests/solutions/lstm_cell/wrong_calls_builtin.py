import torch
from torch import nn

EXPECT = {
    'banned calls': '',
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
        return torch.lstm_cell(x, state, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
