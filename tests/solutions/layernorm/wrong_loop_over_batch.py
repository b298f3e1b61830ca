import torch
from torch import nn

EXPECT = {
    'no loop': '',
}


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def normalise(self, v):
        h = v.float()
        mean = h.mean(-1, keepdim=True)
        var = ((h - mean) ** 2).mean(-1, keepdim=True)
        return ((h - mean) / torch.sqrt(var + self.eps) * self.weight + self.bias).to(v.dtype)

    def forward(self, x):
        if x.dim() == 1:
            return self.normalise(x)
        return torch.stack([self.normalise(x[b]) for b in range(x.shape[0])])
