import torch
from torch import nn

EXPECT = {
    'inputs unchanged': 'x normalised in place (x -= mean): work on new tensors',
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
        var = (h - mean).pow(2).mean(-1, keepdim=True)
        x -= mean.to(x.dtype)                        # centred in place: the caller's x changes
        return (x.float() * torch.rsqrt(var + self.eps) * self.weight + self.bias).to(x.dtype)
