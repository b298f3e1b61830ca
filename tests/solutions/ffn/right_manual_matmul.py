import math

import torch
from torch import nn


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.activation = activation

    def forward(self, x):
        h = x @ self.fc1.weight.T + self.fc1.bias
        if self.activation == "gelu":
            h = 0.5 * h * (1.0 + torch.erf(h / math.sqrt(2.0)))
        else:
            h = h.clamp(min=0)
        return h @ self.fc2.weight.T + self.fc2.bias
