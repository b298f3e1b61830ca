"""SwiGLU FFN SwiGLU前馈网络

Write the module `SwiGLU(d_model, d_ff)`: the gated feed-forward network of LLaMA, Mistral and
Qwen. For each token `x` (the last dim, `d_model` features):

    SwiGLU(x) = down_proj( silu(gate_proj(x)) * up_proj(x) )        silu(z) = z * sigmoid(z)

- Parameters (exact names and shapes, no biases anywhere):
    gate_proj  nn.Linear(d_model, d_ff, bias=False)   weight (d_ff, d_model)
    up_proj    nn.Linear(d_model, d_ff, bias=False)   weight (d_ff, d_model)
    down_proj  nn.Linear(d_ff, d_model, bias=False)   weight (d_model, d_ff)
  The grader loads its own weights into your module by these names.
- The activation goes on the GATE branch only: `up_proj(x)` is multiplied in linearly.
- `x` is `(B, S, d_model)` (any leading dims work the same); the output has x's shape, dtype and
  device. Every token is transformed on its own.
- `F.silu` (or `torch.sigmoid`) and `nn.Linear` are allowed.

Example (d_model=1, d_ff=1, all three weights 1.0):
    x = 2.0:  gate = 2, up = 2, silu(2) = 2 * sigmoid(2) = 1.7616
              out = down(1.7616 * 2) = 3.5232
"""
import torch
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        # TODO: gate_proj, up_proj, down_proj without bias (about 3 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: down(silu(gate(x)) * up(x)) (about 1 line)
        raise NotImplementedError
