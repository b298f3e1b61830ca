import math

import torch
import torch.nn.functional as F
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__()
        self.scaling = alpha / rank
        self.weight = nn.Parameter(torch.empty(d_out, d_in), requires_grad=False)
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        self.lora_A = nn.Parameter(torch.empty(rank, d_in))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))
        self.merged = False

    def forward(self, x):
        out = F.linear(x, self.weight)
        if not self.merged:
            out = out + F.linear(F.linear(x, self.lora_A), self.lora_B) * self.scaling
        return out

    @torch.no_grad()
    def merge(self):
        self.weight.addmm_(self.lora_B, self.lora_A, alpha=self.scaling)
        self.merged = True
