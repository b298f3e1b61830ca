import torch
from torch import nn

EXPECT = {"check": "inputs unchanged", "mistake": "in place"}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        rms = x.float().pow(2).mean(-1, keepdim=True).add(self.eps).sqrt()
        return x.detach().div_(rms.to(x.dtype)) * self.weight
