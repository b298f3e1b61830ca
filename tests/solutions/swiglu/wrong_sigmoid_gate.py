import torch
from torch import nn

EXPECT = {
    'values': 'sigmoid gate instead of silu (that is GLU, not SwiGLU)',
}


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        gate = torch.sigmoid(self.gate_proj(x))
        return self.down_proj(gate * self.up_proj(x))
