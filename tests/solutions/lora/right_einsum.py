import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, d_in: int, d_out: int, rank: int, alpha: float):
        super().__init__()
        self.rank, self.alpha = rank, alpha
        self.weight = nn.Parameter(torch.randn(d_out, d_in) * d_in ** -0.5, requires_grad=False)
        self.lora_A = nn.Parameter(torch.randn(rank, d_in) * 0.02)
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))
        self.is_merged = False

    def forward(self, x):
        base = torch.einsum("...i,oi->...o", x, self.weight)
        if self.is_merged:
            return base
        low = torch.einsum("...i,ri->...r", x, self.lora_A)
        return base + torch.einsum("...r,or->...o", low, self.lora_B) * (self.alpha / self.rank)

    def merge(self):
        update = torch.einsum("or,ri->oi", self.lora_B.detach(), self.lora_A.detach())
        self.weight.data.add_(update, alpha=self.alpha / self.rank)
        self.is_merged = True
