import torch
import torch.nn.functional as F
from torch import nn


class MLP(nn.Module):
    def __init__(self, d_in: int, d_hidden: int, d_out: int):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)      # weight (d_hidden, d_in), bias (d_hidden,)
        self.fc2 = nn.Linear(d_hidden, d_out)     # weight (d_out, d_hidden), bias (d_out,)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # nn.Linear computes x @ W.T + b over the last dim, whatever the leading dims
        h = F.relu(self.fc1(x))                   # (..., d_hidden)
        return self.fc2(h)                        # (..., d_out): no activation on the output
