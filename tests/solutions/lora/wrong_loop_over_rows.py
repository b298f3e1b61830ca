import torch
from torch import nn

EXPECT = {
    'LoRALinear: no loop': '',
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
        rows = x.reshape(-1, x.shape[-1])
        outs = []
        for row in rows:
            y = self.weight @ row
            if not self.merged:
                y = y + self.scaling * (self.lora_B @ (self.lora_A @ row))
            outs.append(y)
        return torch.stack(outs).reshape(*x.shape[:-1], -1)

    def merge(self):
        with torch.no_grad():
            self.weight += self.scaling * self.lora_B @ self.lora_A
        self.merged = True
