import torch
from torch import nn

EXPECT = {
    'values': 'statistics over all the channels of a sample (one group, a LayerNorm) instead of over each group',
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
        h = x.reshape(N, -1)                             # every channel of the sample at once
        mean = h.mean(1, keepdim=True)
        var = h.var(1, unbiased=False, keepdim=True)
        y = ((h - mean) / torch.sqrt(var + self.eps)).reshape(x.shape)
        shape = [1, C] + [1] * (x.dim() - 2)
        return y * self.weight.view(shape) + self.bias.view(shape)
