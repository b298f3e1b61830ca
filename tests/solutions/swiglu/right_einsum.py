import torch
import torch.nn.functional as F
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        gate = torch.einsum("...d,fd->...f", x, self.gate_proj.weight)
        up = torch.einsum("...d,fd->...f", x, self.up_proj.weight)
        return torch.einsum("...f,df->...d", F.silu(gate) * up, self.down_proj.weight)
