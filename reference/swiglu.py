import torch
import torch.nn.functional as F
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)   # weight (d_ff, d_model)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)     # weight (d_ff, d_model)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)   # weight (d_model, d_ff)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # the gate decides, per hidden unit, how much of the linear "up" signal passes
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
