import torch
from torch import nn

EXPECT = {
    'LoRALinear.merge: values': 'after merge() forward still adds the LoRA path: the update is counted twice',
}


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__()
        self.scaling = alpha / rank
        self.weight = nn.Parameter(torch.randn(d_out, d_in), requires_grad=False)
        self.lora_A = nn.Parameter(torch.randn(rank, d_in) * 0.01)
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))

    def forward(self, x):
        return x @ self.weight.T + (x @ self.lora_A.T @ self.lora_B.T) * self.scaling

    def merge(self):
        with torch.no_grad():
            self.weight += self.scaling * self.lora_B @ self.lora_A
