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
        # one matmul for both branches, then split
        w = torch.cat([self.gate_proj.weight, self.up_proj.weight], dim=0)
        gate, up = F.linear(x, w).chunk(2, dim=-1)
        return F.linear(F.silu(gate) * up, self.down_proj.weight)
