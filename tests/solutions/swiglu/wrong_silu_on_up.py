import torch.nn.functional as F
from torch import nn

EXPECT = {
    'values': "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))",
}


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return self.down_proj(self.gate_proj(x) * F.silu(self.up_proj(x)))
