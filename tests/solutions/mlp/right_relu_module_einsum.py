import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, d_in: int, d_hidden: int, d_out: int):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        h = torch.einsum("...i,hi->...h", x, self.fc1.weight) + self.fc1.bias
        h = self.act(h)
        return torch.einsum("...h,oh->...o", h, self.fc2.weight) + self.fc2.bias
