"""The reference agrees with nn.MultiheadAttention carrying the same weights: in_proj is the
q, k, v weights stacked, out_proj is o_proj; torch's key_padding_mask is True for padding, the
opposite of the drill's mask."""
import pytest
import torch
from torch import nn

from reference.mha import MultiHeadAttention


def torch_mha(ref: MultiHeadAttention, d_model: int, n_heads: int) -> nn.MultiheadAttention:
    mha = nn.MultiheadAttention(d_model, n_heads, batch_first=True, dtype=ref.q_proj.weight.dtype)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([ref.q_proj.weight, ref.k_proj.weight, ref.v_proj.weight]))
        mha.in_proj_bias.copy_(torch.cat([ref.q_proj.bias, ref.k_proj.bias, ref.v_proj.bias]))
        mha.out_proj.weight.copy_(ref.o_proj.weight)
        mha.out_proj.bias.copy_(ref.o_proj.bias)
    return mha.eval()


@pytest.mark.parametrize("B,S,d_model,n_heads", [(2, 5, 8, 2), (3, 7, 12, 3), (1, 1, 8, 8), (2, 6, 6, 1),
                                                 (4, 16, 32, 4)])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("causal", [False, True])
def test_agrees_with_nn_multihead_attention(B, S, d_model, n_heads, masked, causal):
    torch.manual_seed(0)
    ref = MultiHeadAttention(d_model, n_heads).double().eval()
    with torch.no_grad():                                  # biases off zero, so forgetting one shows
        for p in ref.parameters():
            if p.dim() == 1:
                p.normal_()
    x = torch.randn(B, S, d_model, dtype=torch.float64)
    mask = torch.rand(B, S) < 0.7 if masked else None
    if mask is not None:
        mask[:, 0] = True                                  # every query keeps a key
    future = torch.ones(S, S, dtype=torch.bool).triu(1) if causal else None
    with torch.no_grad():
        expected, _ = torch_mha(ref, d_model, n_heads)(x, x, x, key_padding_mask=None if mask is None else ~mask,
                                                       attn_mask=future, need_weights=False)
        got = ref(x, mask=mask, causal=causal)
    torch.testing.assert_close(got, expected, rtol=1e-10, atol=1e-12)


def test_float32_and_padding_rows_with_keys():
    torch.manual_seed(1)
    ref = MultiHeadAttention(16, 4).eval()
    x = torch.randn(2, 6, 16)
    mask = torch.tensor([[True] * 6, [True, True, True, False, False, False]])
    with torch.no_grad():
        expected, _ = torch_mha(ref, 16, 4)(x, x, x, key_padding_mask=~mask, need_weights=False)
        got = ref(x, mask=mask)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6)   # padded queries too: they have keys
