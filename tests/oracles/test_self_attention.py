"""The reference agrees with nn.MultiheadAttention with one head carrying the same weights, in eval()
and in train() with dropout: with need_weights=True torch drops the attention weights with
F.dropout on a (B, S, S) tensor, drawing the same random numbers as the reference's nn.Dropout
from the same seed. torch's key_padding_mask is True for padding, the opposite of the drill's mask."""
import pytest
import torch
from torch import nn

from reference.self_attention import SelfAttention


def one_head_mha(ref: SelfAttention, d_model: int, dropout: float) -> nn.MultiheadAttention:
    mha = nn.MultiheadAttention(d_model, 1, dropout=dropout, batch_first=True, dtype=ref.q_proj.weight.dtype)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([ref.q_proj.weight, ref.k_proj.weight, ref.v_proj.weight]))
        mha.in_proj_bias.copy_(torch.cat([ref.q_proj.bias, ref.k_proj.bias, ref.v_proj.bias]))
        mha.out_proj.weight.copy_(ref.o_proj.weight)
        mha.out_proj.bias.copy_(ref.o_proj.bias)
    return mha


def setup(B, S, d_model, dropout, masked, dtype=torch.float64):
    torch.manual_seed(0)
    ref = SelfAttention(d_model, dropout).to(dtype)
    with torch.no_grad():                                  # biases off zero, so forgetting one shows
        for p in ref.parameters():
            if p.dim() == 1:
                p.normal_()
    x = torch.randn(B, S, d_model, dtype=dtype)
    mask = torch.rand(B, S) < 0.7 if masked else None
    if mask is not None:
        mask[:, 0] = True                                  # every query keeps a key
    return ref, one_head_mha(ref, d_model, dropout), x, mask


@pytest.mark.parametrize("B,S,d_model", [(2, 5, 8), (3, 7, 12), (1, 1, 4), (2, 6, 1), (4, 16, 32)])
@pytest.mark.parametrize("masked", [False, True])
def test_agrees_with_one_head_multihead_attention(B, S, d_model, masked):
    ref, mha, x, mask = setup(B, S, d_model, 0.3, masked)
    ref.eval()
    mha.eval()
    with torch.no_grad():
        expected, _ = mha(x, x, x, key_padding_mask=None if mask is None else ~mask, need_weights=False)
        got = ref(x, mask=mask)
    torch.testing.assert_close(got, expected, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("B,S,d_model", [(2, 5, 8), (3, 9, 16)])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("p", [0.1, 0.5])
def test_dropout_on_the_weights_as_torch_does_it(B, S, d_model, masked, p):
    ref, mha, x, mask = setup(B, S, d_model, p, masked)
    ref.train()
    mha.train()
    with torch.no_grad():
        torch.manual_seed(7)
        expected, _ = mha(x, x, x, key_padding_mask=None if mask is None else ~mask, need_weights=True)
        torch.manual_seed(7)
        got = ref(x, mask=mask)
        torch.manual_seed(8)
        other = ref(x, mask=mask)
    torch.testing.assert_close(got, expected, rtol=1e-10, atol=1e-12)
    assert not torch.allclose(got, other)                 # dropout really acted


def test_float32():
    ref, mha, x, mask = setup(2, 6, 16, 0.0, True, dtype=torch.float32)
    ref.eval()
    mha.eval()
    with torch.no_grad():
        expected, _ = mha(x, x, x, key_padding_mask=~mask, need_weights=False)
        got = ref(x, mask=mask)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6)


def test_parameter_shapes():
    assert {k: tuple(v.shape) for k, v in SelfAttention(8).state_dict().items()} == {
        f"{p}_proj.{w}": (8, 8) if w == "weight" else (8,) for p in "qkvo" for w in ("weight", "bias")}
