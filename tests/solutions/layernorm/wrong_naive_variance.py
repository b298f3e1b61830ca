import torch
from torch import nn

EXPECT = {
    'gradients': 'variance as E[x²] - E[x]², which cancels catastrophically when |mean| >> std',
    'extreme inputs': 'variance as E[x²] - E[x]², which cancels catastrophically when |mean| >> std',
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
        var = (h * h).mean(-1, keepdim=True) - mean * mean     # one pass over the data
        y = (h - mean) / torch.sqrt(var + self.eps)
        return (y * self.weight + self.bias).to(x.dtype)
