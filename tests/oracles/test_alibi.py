"""The reference agrees with transformers' BLOOM ALiBi (build_alibi_tensor: the slope of each head
times the key's position, which differs from the paper's -slope · (i - j) by a constant per query
that the softmax ignores), used as a float attn_mask of F.scaled_dot_product_attention, and with
the paper's closed form for a power-of-two number of heads."""
import math

import pytest
import torch
import torch.nn.functional as F

from reference.alibi import alibi_attention, alibi_slopes


def bloom_slopes(n_heads: int) -> torch.Tensor:
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor
    alibi = build_alibi_tensor(torch.ones(1, 2), n_heads, torch.float32)     # (H, 1, 2): slope · [0, 1]
    return alibi[:, 0, 1]


@pytest.mark.parametrize("n_heads", list(range(1, 41)) + [48, 64, 80, 96, 112, 128, 160])
def test_slopes_agree_with_bloom(n_heads):
    torch.testing.assert_close(alibi_slopes(n_heads), bloom_slopes(n_heads), rtol=1e-6, atol=0)
    assert alibi_slopes(n_heads).dtype == torch.float32


@pytest.mark.parametrize("n_heads", [1, 2, 4, 8, 16, 32, 64])
def test_powers_of_two_follow_the_paper(n_heads):
    expected = torch.tensor([2 ** (-8 * i / n_heads) for i in range(1, n_heads + 1)])
    torch.testing.assert_close(alibi_slopes(n_heads), expected)


@pytest.mark.parametrize("s_q,s_k", [(1, 1), (5, 5), (3, 9), (1, 12), (16, 16), (8, 40)])
@pytest.mark.parametrize("n_heads", [1, 3, 4, 6])
def test_attention_agrees_with_sdpa_and_bloom_bias(s_q, s_k, n_heads):
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor
    g = torch.Generator().manual_seed(s_q * 100 + s_k + n_heads)
    q, k, v = (torch.randn(2, n_heads, s, 8, generator=g, dtype=torch.float64) for s in (s_q, s_k, s_k))
    bias = build_alibi_tensor(torch.ones(1, s_k), n_heads, torch.float64)[:, None]    # (H, 1, 1, S_k)
    causal = torch.ones(s_q, s_k, dtype=torch.bool).tril(s_k - s_q)
    mask = bias.masked_fill(~causal, -math.inf).transpose(0, 1)                       # (1, H, S_q, S_k)
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    got = alibi_attention(q, k, v, alibi_slopes(n_heads).double())
    torch.testing.assert_close(got, expected, rtol=1e-10, atol=1e-12)


def test_attention_with_zero_slopes_is_causal_attention():
    g = torch.Generator().manual_seed(7)
    q, k, v = (torch.randn(1, 2, 6, 4, generator=g) for _ in range(3))
    expected = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    torch.testing.assert_close(alibi_attention(q, k, v, torch.zeros(2)), expected, rtol=1e-5, atol=1e-6)
