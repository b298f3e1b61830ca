import torch
from torch import nn

EXPECT = {
    'LoRALinear.__init__: values': "lora_A zero at init: with A and B both zero neither ever gets a gradient (each one's gradient is proportional to the other)",
}


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__()
        self.scaling = alpha / rank
        self.weight = nn.Parameter(torch.randn(d_out, d_in), requires_grad=False)
        self.lora_A = nn.Parameter(torch.zeros(rank, d_in))          # both adapters start at zero
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))
        self.merged = False

    def forward(self, x):
        out = x @ self.weight.T
        if not self.merged:
            out = out + (x @ self.lora_A.T @ self.lora_B.T) * self.scaling
        return out

    def merge(self):
        with torch.no_grad():
            self.weight += self.scaling * self.lora_B @ self.lora_A
        self.merged = True
