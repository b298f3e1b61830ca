import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))    # (d,) per-feature gain; no bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x.float()                                # mean of squares in float32: x² overflows float16
        ms = h.pow(2).mean(-1, keepdim=True)         # (..., 1); no mean subtracted, unlike LayerNorm
        y = h * torch.rsqrt(ms + self.eps)
        return (y * self.weight).to(x.dtype)
