import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'no loop': '',
}


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        rows = x.reshape(-1, x.shape[-1])
        out = [self.fc2(F.relu(self.fc1(row))) for row in rows]     # one example at a time
        return torch.stack(out).reshape(*x.shape[:-1], -1)
