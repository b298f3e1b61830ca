import torch
from torch import nn

EXPECT = {
    'values': 'eps added to the root instead of inside it',
    'scale invariance': '',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        h = x.float()
        rms = h.pow(2).mean(dim=-1, keepdim=True).sqrt()
        return (self.weight * h / (rms + self.eps)).to(x.dtype)
