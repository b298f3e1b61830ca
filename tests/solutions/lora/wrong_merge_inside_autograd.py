import torch
from torch import nn

EXPECT = {
    'LoRALinear.merge: runs': 'merge() changes weight in place inside autograd: wrap it in torch.no_grad()',
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
            out = out + (x @ self.lora_A.T @ self.lora_B.T) * self.scaling
        return out

    def merge(self):
        self.weight += self.scaling * self.lora_B @ self.lora_A        # recorded by autograd
        self.merged = True
