import torch
from torch import nn

EXPECT = {
    'inputs unchanged': 'x normalised in place (on a view of x): work on new tensors',
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
        h = x.view(N, self.num_groups, -1)
        h -= h.mean(-1, keepdim=True)                    # a view of x: x changes too
        h /= torch.sqrt((h ** 2).mean(-1, keepdim=True) + self.eps)
        shape = [1, C] + [1] * (x.dim() - 2)
        return h.view(x.shape) * self.weight.view(shape) + self.bias.view(shape)
