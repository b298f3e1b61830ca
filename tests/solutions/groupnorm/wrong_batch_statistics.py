import torch
from torch import nn

EXPECT = {
    'values': 'statistics over the batch too: each sample is normalised on its own',
    'samples normalised independently': '',
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
        h = x.reshape(N, self.num_groups, -1)
        mean = h.mean(dim=(0, 2), keepdim=True)          # over the batch as well
        var = ((h - mean) ** 2).mean(dim=(0, 2), keepdim=True)
        y = ((h - mean) / torch.sqrt(var + self.eps)).reshape(x.shape)
        shape = [1, C] + [1] * (x.dim() - 2)
        return y * self.weight.view(shape) + self.bias.view(shape)
