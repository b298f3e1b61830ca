import torch
from torch import nn


class GroupNorm(nn.Module):
    """Sums and counts, the affine applied with einsum-free broadcasting via movedim."""

    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        N = x.shape[0]
        flat = x.flatten(1).unflatten(1, (self.num_groups, -1))        # (N, G, count)
        count = flat.shape[-1]
        mean = flat.sum(-1, keepdim=True) / count
        centred = flat - mean
        var = (centred * centred).sum(-1, keepdim=True) / count
        y = (centred / torch.sqrt(var + self.eps)).reshape(x.shape)
        y = y.movedim(1, -1) * self.weight + self.bias                 # channels last for the affine
        return y.movedim(-1, 1)
