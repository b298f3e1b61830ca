import torch.nn.functional as F
from torch import nn

EXPECT = {
    'values': 'silu applied after multiplying gate and up',
}


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        h = self.gate_proj(x) * self.up_proj(x)
        return self.down_proj(F.silu(h))
