import torch
from torch import nn

EXPECT = {
    'values': '`activation` ignored: always ReLU',
}


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))
