import math

import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'LoRALinear: through the rank-r bottleneck': 'the update formed as the (d_out, d_in) matrix B @ A on every call instead of going through the rank-r bottleneck (x @ lora_A.T) @ lora_B.T',
}


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__()
        self.scaling = alpha / rank
        self.weight = nn.Parameter(torch.empty(d_out, d_in))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        self.weight.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(rank, d_in))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))

    def delta(self):
        return self.scaling * (self.lora_B @ self.lora_A)

    def forward(self, x):
        # one matmul with the adapted weight (fine for small layers)
        return F.linear(x, self.weight + self.delta())

    @torch.no_grad()
    def merge(self):
        self.weight.data += self.delta()
        self.lora_B.zero_()          # the update now lives in weight; B = 0 switches the branch off
