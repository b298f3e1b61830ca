"""The reference equals the "Attention Is All You Need" formula, written out with a double loop in
float64 (math.sin / math.cos), and the common tensor implementation (The Annotated Transformer)."""
import math

import pytest
import torch

from reference.sinusoidal_pe import sinusoidal_pe


def formula(seq_len: int, d_model: int) -> torch.Tensor:
    pe = torch.zeros(seq_len, d_model, dtype=torch.float64)
    for pos in range(seq_len):
        for i in range(d_model // 2):
            angle = pos / 10000 ** (2 * i / d_model)
            pe[pos, 2 * i] = math.sin(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe


def annotated_transformer(seq_len: int, d_model: int) -> torch.Tensor:
    pe = torch.zeros(seq_len, d_model)
    position = torch.arange(0, seq_len).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe


@pytest.mark.parametrize("seq_len,d_model", [(1, 2), (3, 4), (10, 2), (50, 6), (64, 64), (8, 512), (200, 32)])
def test_agrees_with_the_formula(seq_len, d_model):
    got = sinusoidal_pe(seq_len, d_model)
    assert got.shape == (seq_len, d_model) and got.dtype == torch.float32
    # float32 angles: the error grows like position × 1e-7
    torch.testing.assert_close(got.double(), formula(seq_len, d_model), rtol=0, atol=1e-6 * max(1, seq_len))


@pytest.mark.parametrize("seq_len,d_model", [(5, 8), (128, 64), (4096, 128)])
def test_agrees_with_the_annotated_transformer(seq_len, d_model):
    torch.testing.assert_close(sinusoidal_pe(seq_len, d_model), annotated_transformer(seq_len, d_model),
                               rtol=0, atol=1e-6 * max(1, seq_len))
