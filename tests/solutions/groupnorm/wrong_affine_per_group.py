import torch
from torch import nn

EXPECT = {
    'parameters': 'affine per group: weight and bias have one value per CHANNEL, shape (num_channels,)',
}


class GroupNorm(nn.Module):
    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_groups))      # one scale per group
        self.bias = nn.Parameter(torch.zeros(num_groups))

    def forward(self, x):
        N = x.shape[0]
        h = x.reshape(N, self.num_groups, -1)
        mean = h.mean(-1, keepdim=True)
        var = ((h - mean) ** 2).mean(-1, keepdim=True)
        y = (h - mean) / torch.sqrt(var + self.eps)
        return (y * self.weight[:, None] + self.bias[:, None]).reshape(x.shape)
