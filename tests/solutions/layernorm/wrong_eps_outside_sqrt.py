import torch
from torch import nn

EXPECT = {
    'values': 'eps added to the standard deviation instead of inside the square root',
}


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        h = x.float()
        mean = h.mean(-1, keepdim=True)
        std = torch.sqrt(((h - mean) ** 2).mean(-1, keepdim=True))
        return ((h - mean) / (std + self.eps) * self.weight + self.bias).to(x.dtype)
