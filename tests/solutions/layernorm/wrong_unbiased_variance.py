import torch
from torch import nn

EXPECT = {
    'values': "LayerNorm with the unbiased variance (divided by d - 1; torch.var's default)",
}


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x32 = x.float()
        mean = x32.mean(dim=-1, keepdim=True)
        var = x32.var(dim=-1, keepdim=True)
        out = (x32 - mean) / torch.sqrt(var + self.eps)
        return (out * self.weight + self.bias).to(x.dtype)
