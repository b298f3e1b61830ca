import torch
from torch import nn

EXPECT = {
    'values': 'the ReLU between the layers is missing (two linear layers collapse into one)',
}


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(self.fc1(x))
