import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.d = d
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        dtype = x.dtype
        x = x.double()                        # do it all in float64, cast back at the end
        mu = x.sum(dim=-1, keepdim=True) / self.d
        centred = x - mu
        sigma2 = torch.einsum("...i,...i->...", centred, centred).unsqueeze(-1) / self.d
        normed = centred / (sigma2 + self.eps) ** 0.5
        return (self.weight.double() * normed + self.bias.double()).to(dtype)
