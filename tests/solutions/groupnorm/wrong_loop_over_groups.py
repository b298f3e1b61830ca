import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class GroupNorm(nn.Module):
    def __init__(self, num_groups, num_channels, eps=1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        N, C = x.shape[:2]
        size = C // self.num_groups
        parts = []
        for g in range(self.num_groups):
            h = x[:, g * size:(g + 1) * size]
            dims = tuple(range(1, x.dim()))
            mean = h.mean(dims, keepdim=True)
            var = ((h - mean) ** 2).mean(dims, keepdim=True)
            parts.append((h - mean) / torch.sqrt(var + self.eps))
        shape = [1, C] + [1] * (x.dim() - 2)
        return torch.cat(parts, 1) * self.weight.view(shape) + self.bias.view(shape)
