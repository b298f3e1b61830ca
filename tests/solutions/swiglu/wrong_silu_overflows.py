import torch
from torch import nn

EXPECT = {
    'gradients': 'silu written as g / (1 + exp(-g)): exp(-g) overflows for g << 0, which makes the gradient NaN (inf / inf); use F.silu, or g * torch.sigmoid(g)',
}


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        gate = torch.einsum("...d,fd->...f", x, self.gate_proj.weight)
        up = torch.einsum("...d,fd->...f", x, self.up_proj.weight)
        act = gate / (1 + torch.exp(-gate))                # exp(-gate) is inf once gate < -89
        return torch.einsum("...f,df->...d", act * up, self.down_proj.weight)
