"""The reference agrees with F.scaled_dot_product_attention given an explicit band mask, the band
built with transformers' own sliding-window mask function (Mistral's rule: kv_idx > q_idx - window
and kv_idx <= q_idx), queries placed after the cached keys."""
import pytest
import torch
import torch.nn.functional as F

from reference.sliding_window_attention import sliding_window_attention


def hf_band(s_q: int, s_k: int, window: int) -> torch.Tensor:
    from transformers.masking_utils import sliding_window_causal_mask_function
    allowed = sliding_window_causal_mask_function(window)
    q_idx = torch.arange(s_q)[:, None] + (s_k - s_q)          # queries after the cached keys
    kv_idx = torch.arange(s_k)[None, :]
    return allowed(torch.tensor(0), torch.tensor(0), q_idx, kv_idx)


@pytest.mark.parametrize("s_q,s_k", [(1, 1), (5, 5), (8, 8), (3, 9), (1, 12), (16, 16)])
@pytest.mark.parametrize("window", [1, 2, 3, 7, 32])
def test_agrees_with_sdpa_and_a_band_mask(s_q, s_k, window):
    g = torch.Generator().manual_seed(s_q * 100 + s_k * 10 + window)
    q, k, v = (torch.randn(2, 3, s, 8, generator=g, dtype=torch.float64) for s in (s_q, s_k, s_k))
    band = hf_band(s_q, s_k, window)
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=band)
    torch.testing.assert_close(sliding_window_attention(q, k, v, window), expected, rtol=1e-10, atol=1e-12)


def test_queries_without_keys_do_not_spread_nan():
    g = torch.Generator().manual_seed(0)
    q, k, v = torch.randn(1, 2, 6, 4, generator=g), torch.randn(1, 2, 3, 4, generator=g), torch.randn(1, 2, 3, 4, generator=g)
    band = hf_band(6, 3, 2)
    got = sliding_window_attention(q, k, v, 2)
    rows = band.any(-1)
    assert rows.tolist() == [False, False, False, True, True, True]
    expected = F.scaled_dot_product_attention(q[..., rows, :], k, v, attn_mask=band[rows])
    torch.testing.assert_close(got[..., rows, :], expected)


def test_float32_long_sequence():
    g = torch.Generator().manual_seed(1)
    q, k, v = (torch.randn(1, 2, 512, 16, generator=g) for _ in range(3))
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=hf_band(512, 512, 64))
    torch.testing.assert_close(sliding_window_attention(q, k, v, 64), expected, rtol=1e-5, atol=1e-6)
