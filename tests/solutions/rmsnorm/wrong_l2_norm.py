import torch
from torch import nn

EXPECT = {
    'values': 'sum of squares instead of their mean (divide by d)',
}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        h = x.float()
        norm = torch.sqrt((h * h).sum(-1, keepdim=True) + self.eps)
        return (h / norm * self.weight).to(x.dtype)
