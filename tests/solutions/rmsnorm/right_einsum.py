import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        h = x.float()
        ms = torch.einsum("...d,...d->...", h, h).unsqueeze(-1) / h.shape[-1]
        return (h / (ms + self.eps).sqrt()).mul(self.weight).type_as(x)
