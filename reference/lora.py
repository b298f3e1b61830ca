import math

import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, d_in: int, d_out: int, rank: int, alpha: float):
        super().__init__()
        self.scale = alpha / rank                        # alpha/rank: retuning rank keeps the update's size
        # the pretrained weight: a parameter of the model, but frozen
        self.weight = nn.Parameter(torch.randn(d_out, d_in) / math.sqrt(d_in), requires_grad=False)
        self.lora_A = nn.Parameter(torch.randn(rank, d_in) / math.sqrt(d_in))   # (r, d_in)
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))   # (d_out, r) zero: starts as the pretrained layer
        self.merged = False

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x @ self.weight.T                            # (..., d_out)
        if not self.merged:
            # through the rank-r bottleneck first: never form the (d_out, d_in) product B A
            y = y + (x @ self.lora_A.T) @ self.lora_B.T * self.scale
        return y

    def merge(self) -> None:
        with torch.no_grad():                            # bookkeeping, not part of any graph
            self.weight += self.scale * (self.lora_B @ self.lora_A)   # (d_out, d_in), as weight
        self.merged = True                               # the update now lives in weight: don't add it twice
