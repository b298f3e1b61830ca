"""The reference against Hugging Face's LlamaMLP (copied here: no transformers needed) with the same
weights, and against a brute force over the formula in float64."""
import math

import pytest
import torch
from torch import nn

from reference.swiglu import SwiGLU


class LlamaMLP(nn.Module):
    def __init__(self, hidden_size, intermediate_size):
        super().__init__()
        self.gate_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.up_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.down_proj = nn.Linear(intermediate_size, hidden_size, bias=False)
        self.act_fn = nn.SiLU()

    def forward(self, x):
        return self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))


@pytest.mark.parametrize("shape,d_ff", [((2, 5, 8), 16), ((1, 1, 1), 1), ((3, 7, 32), 86), ((4, 6), 3)])
@pytest.mark.parametrize("scale", [1.0, 10.0])
def test_agrees_with_llama_mlp(shape, d_ff, scale):
    torch.manual_seed(0)
    ours = SwiGLU(shape[-1], d_ff)
    theirs = LlamaMLP(shape[-1], d_ff)
    theirs.load_state_dict(ours.state_dict(), strict=True)     # same parameter names and shapes
    x = torch.randn(shape, generator=torch.Generator().manual_seed(1)) * scale
    torch.testing.assert_close(ours(x), theirs(x), rtol=1e-5, atol=1e-6 * scale ** 2)


def test_agrees_with_the_formula_element_by_element():
    torch.manual_seed(2)
    d_model, d_ff = 3, 4
    ours = SwiGLU(d_model, d_ff)
    x = torch.randn(2, d_model, generator=torch.Generator().manual_seed(3))
    Wg, Wu, Wd = (p.detach().double().tolist() for p in (ours.gate_proj.weight, ours.up_proj.weight,
                                                         ours.down_proj.weight))
    expected = []
    for row in x.double().tolist():
        h = []
        for j in range(d_ff):
            g = sum(Wg[j][c] * row[c] for c in range(d_model))
            u = sum(Wu[j][c] * row[c] for c in range(d_model))
            h.append(g / (1 + math.exp(-g)) * u)
        expected.append([sum(Wd[i][j] * h[j] for j in range(d_ff)) for i in range(d_model)])
    torch.testing.assert_close(ours(x).double(), torch.tensor(expected, dtype=torch.float64), rtol=1e-5, atol=1e-6)
