import torch
from torch import nn

EXPECT = {
    'values': 'biases not added',
}


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        h = torch.relu(x @ self.fc1.weight.T)
        return h @ self.fc2.weight.T
