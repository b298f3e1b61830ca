import torch
from torch import nn


class GRUCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        super().__init__()
        self.hidden_size = hidden_size
        k = hidden_size ** -0.5                          # nn.GRUCell's init: uniform in ±1/sqrt(hidden)
        self.weight_ih = nn.Parameter(torch.empty(3 * hidden_size, input_size).uniform_(-k, k))
        self.weight_hh = nn.Parameter(torch.empty(3 * hidden_size, hidden_size).uniform_(-k, k))
        self.bias_ih = nn.Parameter(torch.empty(3 * hidden_size).uniform_(-k, k))
        self.bias_hh = nn.Parameter(torch.empty(3 * hidden_size).uniform_(-k, k))

    def forward(self, x: torch.Tensor, h: torch.Tensor | None = None) -> torch.Tensor:
        if h is None:
            h = x.new_zeros(x.shape[0], self.hidden_size)
        i_r, i_z, i_n = (x @ self.weight_ih.T + self.bias_ih).chunk(3, dim=-1)    # (B, H) each
        h_r, h_z, h_n = (h @ self.weight_hh.T + self.bias_hh).chunk(3, dim=-1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)                    # reset applied after the matmul, as PyTorch
        return (1 - z) * n + z * h
