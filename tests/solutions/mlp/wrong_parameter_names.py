import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'parameters': '',
}


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.linear1 = nn.Linear(d_in, d_hidden)
        self.linear2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.linear2(F.relu(self.linear1(x)))
