"""The reference agrees with F.scaled_dot_product_attention on the projected heads (the encoder
padding as a boolean attn_mask over the keys), and with nn.MultiheadAttention carrying the same
weights, queried by x over keys and values from memory; torch's key_padding_mask is True for
padding, the opposite of the drill's mask."""
import pytest
import torch
import torch.nn.functional as F
from torch import nn

from reference.cross_attention import CrossAttention


def module(d_model, n_heads, dtype=torch.float64) -> CrossAttention:
    torch.manual_seed(0)
    ref = CrossAttention(d_model, n_heads).to(dtype).eval()
    with torch.no_grad():                                  # biases off zero, so forgetting one shows
        for p in ref.parameters():
            if p.dim() == 1:
                p.normal_()
    return ref


def padding(B, S_k, seed):
    mask = torch.rand(B, S_k, generator=torch.Generator().manual_seed(seed)) < 0.6
    mask[:, -1] = True                                     # every batch element keeps a key
    return mask


SHAPES = [(2, 3, 5, 8, 2), (3, 7, 2, 12, 3), (1, 1, 9, 8, 8), (2, 6, 6, 6, 1), (4, 16, 33, 32, 4)]


@pytest.mark.parametrize("B,S_q,S_k,d_model,n_heads", SHAPES)
@pytest.mark.parametrize("masked", [False, True])
def test_agrees_with_sdpa_on_the_projected_heads(B, S_q, S_k, d_model, n_heads, masked):
    ref = module(d_model, n_heads)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(B, S_q, d_model, generator=g, dtype=torch.float64)
    memory = torch.randn(B, S_k, d_model, generator=g, dtype=torch.float64)
    mask = padding(B, S_k, 2) if masked else None
    hd = d_model // n_heads

    def heads(t):
        return t.view(B, -1, n_heads, hd).transpose(1, 2)
    with torch.no_grad():
        out = F.scaled_dot_product_attention(heads(ref.q_proj(x)), heads(ref.k_proj(memory)), heads(ref.v_proj(memory)),
                                             attn_mask=None if mask is None else mask[:, None, None, :])
        expected = ref.o_proj(out.transpose(1, 2).reshape(B, S_q, d_model))
        got = ref(x, memory, mask)
    torch.testing.assert_close(got, expected, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("B,S_q,S_k,d_model,n_heads", SHAPES)
def test_agrees_with_nn_multihead_attention(B, S_q, S_k, d_model, n_heads):
    ref = module(d_model, n_heads, torch.float32)
    mha = nn.MultiheadAttention(d_model, n_heads, batch_first=True)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([ref.q_proj.weight, ref.k_proj.weight, ref.v_proj.weight]))
        mha.in_proj_bias.copy_(torch.cat([ref.q_proj.bias, ref.k_proj.bias, ref.v_proj.bias]))
        mha.out_proj.weight.copy_(ref.o_proj.weight)
        mha.out_proj.bias.copy_(ref.o_proj.bias)
    g = torch.Generator().manual_seed(3)
    x, memory = torch.randn(B, S_q, d_model, generator=g), torch.randn(B, S_k, d_model, generator=g)
    mask = padding(B, S_k, 4)
    with torch.no_grad():
        expected, _ = mha.eval()(x, memory, memory, key_padding_mask=~mask, need_weights=False)
        got = ref(x, memory, mask)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-5)
