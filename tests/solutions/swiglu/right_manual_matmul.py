import torch
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        g = x @ self.gate_proj.weight.T
        u = x @ self.up_proj.weight.T
        h = g * torch.sigmoid(g) * u
        return h @ self.down_proj.weight.T
