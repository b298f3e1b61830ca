import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))    # (d,) per-feature gain, starts as identity
        self.bias = nn.Parameter(torch.zeros(d))     # (d,) per-feature shift

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x.float()                                # statistics in float32: squares overflow float16
        mean = h.mean(-1, keepdim=True)              # (..., 1)
        xc = h - mean
        var = xc.pow(2).mean(-1, keepdim=True)       # biased: divide by d, not d - 1
        y = xc * torch.rsqrt(var + self.eps)         # eps inside the root: no blow-up on constant rows
        return (y * self.weight + self.bias).to(x.dtype)
