import torch
from torch import nn


class GroupNorm(nn.Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5):
        super().__init__()
        self.num_groups, self.eps = num_groups, eps
        self.weight = nn.Parameter(torch.ones(num_channels))    # (C,): one scale per channel
        self.bias = nn.Parameter(torch.zeros(num_channels))     # (C,)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        N, C = x.shape[:2]
        g = x.reshape(N, self.num_groups, -1)            # (N, G, C/G * spatial): consecutive channels
        mean = g.mean(-1, keepdim=True)
        var = (g - mean).pow(2).mean(-1, keepdim=True)   # biased, as nn.GroupNorm
        y = ((g - mean) * torch.rsqrt(var + self.eps)).view(x.shape)
        shape = (1, C) + (1,) * (x.dim() - 2)            # (C,) broadcast over the spatial dims
        return y * self.weight.view(shape) + self.bias.view(shape)
