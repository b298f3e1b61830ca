import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        h = x.float()
        centred = h - h.mean(-1, keepdim=True)
        var = h.var(-1, unbiased=False, keepdim=True)
        return (self.bias + self.weight * centred * (var + self.eps).rsqrt()).type_as(x)
