import math

import torch
from torch import nn

EXPECT = {
    'values': 'GELU with the tanh approximation where the exact (erf) GELU is asked',
}


def gelu(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.activation = activation

    def forward(self, x):
        h = self.fc1(x)
        h = torch.relu(h) if self.activation == "relu" else gelu(h)
        return self.fc2(h)
