import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'banned calls': '',
}


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.d, self.eps = d, eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return F.layer_norm(x, (self.d,), self.weight, self.bias, self.eps)
