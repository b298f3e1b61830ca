import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'banned calls': '',
}


class GroupNorm(nn.Module):
    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        return F.group_norm(x, self.num_groups, self.weight, self.bias, self.eps)
