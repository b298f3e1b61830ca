import torch
from torch import nn

EXPECT = {
    'values': 'the mean subtracted first: that is LayerNorm, RMSNorm does not centre',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        h = x.float()
        h = h - h.mean(-1, keepdim=True)
        rms = torch.sqrt((h ** 2).mean(-1, keepdim=True) + self.eps)
        return (h / rms * self.weight).to(x.dtype)
