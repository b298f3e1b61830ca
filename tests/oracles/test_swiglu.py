"""The reference against Hugging Face transformers' LlamaMLP (imported; the `test` extra installs it),
built from a small LlamaConfig and loaded with the same weights, and against a brute force over the
formula in float64."""
import math

import pytest
import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaMLP

from reference.swiglu import SwiGLU


def llama_mlp(d_model, d_ff):
    """Hugging Face's LlamaMLP from a small LlamaConfig: silu gate, no biases (one attention head, which
    the MLP ignores, so that any d_model passes the config's checks)."""
    config = LlamaConfig(hidden_size=d_model, intermediate_size=d_ff, num_attention_heads=1, num_key_value_heads=1,
                         hidden_act="silu", mlp_bias=False)
    return LlamaMLP(config)


@pytest.mark.parametrize("shape,d_ff", [((2, 5, 8), 16), ((1, 1, 1), 1), ((3, 7, 32), 86), ((4, 6), 3)])
@pytest.mark.parametrize("scale", [1.0, 10.0])
def test_agrees_with_llama_mlp(shape, d_ff, scale):
    torch.manual_seed(0)
    ours = SwiGLU(shape[-1], d_ff)
    theirs = llama_mlp(shape[-1], d_ff)
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
