import torch
from torch import nn

EXPECT = {"check": "inputs unchanged", "mistake": "in place"}


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x = x.detach()
        x -= x.mean(-1, keepdim=True)
        var = (x * x).mean(-1, keepdim=True)
        x /= torch.sqrt(var + self.eps)
        return x * self.weight + self.bias
