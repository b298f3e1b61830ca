import torch
from torch import nn

EXPECT = {
    'LoRALinear: values': 'lora_A and lora_B in the wrong order or transposed: x (..., d_in) @ lora_A.T (d_in, r) @ lora_B.T (r, d_out)',
}


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__()
        self.scaling = alpha / rank
        self.weight = nn.Parameter(torch.randn(d_out, d_in), requires_grad=False)
        self.lora_A = nn.Parameter(torch.randn(rank, d_in) * 0.01)
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))
        self.merged = False

    def forward(self, x):
        out = x @ self.weight.T
        if not self.merged:
            out = out + x @ self.lora_B @ self.lora_A * self.scaling
        return out

    def merge(self):
        with torch.no_grad():
            self.weight += self.scaling * self.lora_B @ self.lora_A
        self.merged = True
