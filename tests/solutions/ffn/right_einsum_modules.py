import torch
from torch import nn


class FFN(nn.Module):
    def __init__(self, d_model: int, d_ff: int, activation: str = "relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.act = {"relu": nn.ReLU(), "gelu": nn.GELU()}[activation]

    def forward(self, x):
        h = self.act(torch.einsum("...d,fd->...f", x, self.fc1.weight) + self.fc1.bias)
        return torch.einsum("...f,df->...d", h, self.fc2.weight) + self.fc2.bias
