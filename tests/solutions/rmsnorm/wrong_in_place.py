import torch
from torch import nn

EXPECT = {
    'inputs unchanged': 'x normalised in place: work on new tensors',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        rms = x.float().pow(2).mean(-1, keepdim=True).add(self.eps).sqrt()
        x /= rms.to(x.dtype)                         # divided in place: the caller's x changes
        return x * self.weight
