import torch
from torch import nn


class GroupNorm(nn.Module):
    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.groups, self.eps = num_groups, eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        N, C, *spatial = x.shape
        h = x.view(N, self.groups, C // self.groups, *spatial)          # (N, G, C/G, *)
        dims = tuple(range(2, h.dim()))
        var, mean = torch.var_mean(h, dim=dims, keepdim=True, correction=0)
        y = ((h - mean) / (var + self.eps).sqrt()).view(N, C, *spatial)
        w = self.weight.view(C, *[1] * len(spatial))
        b = self.bias.view(C, *[1] * len(spatial))
        return y * w + b
