import torch
from torch import nn

EXPECT = {
    'values': 'groups of strided channels (g, g + G, g + 2G, ...): group g is the consecutive channels g·C/G .. (g+1)·C/G - 1, x.reshape(N, G, -1)',
    'groups normalised independently': '',
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
        G = self.num_groups
        h = x.reshape(N, C // G, G, -1)                  # channel c in group c % G
        mean = h.mean(dim=(1, 3), keepdim=True)
        var = ((h - mean) ** 2).mean(dim=(1, 3), keepdim=True)
        y = ((h - mean) / torch.sqrt(var + self.eps)).reshape(x.shape)
        shape = [1, C] + [1] * (x.dim() - 2)
        return y * self.weight.view(shape) + self.bias.view(shape)
