import torch
from torch import nn

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
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
        var = ((h - mean) ** 2).mean(-1, keepdim=True)
        eps = torch.tensor([self.eps])
        return ((h - mean) / torch.sqrt(var + eps) * self.weight + self.bias).to(x.dtype)
