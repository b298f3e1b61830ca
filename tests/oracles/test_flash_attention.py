import pytest
import torch
import torch.nn.functional as F

from reference.flash_attention import flash_attention


def sdpa(q, k, v, causal):
    """torch's attention with an explicit bottom-right causal mask (is_causal=True is top-left)."""
    S_q, S_k = q.shape[-2], k.shape[-2]
    mask = None
    if causal:
        mask = torch.arange(S_k)[None, :] <= torch.arange(S_q)[:, None] + (S_k - S_q)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)


def qkv(B, H, S_q, S_k, D, scale=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    return [torch.randn(B, H, S, D, generator=g) * scale for S in (S_q, S_k, S_k)]


SHAPES = [(2, 3, 16, 16, 8, 4), (1, 2, 5, 13, 16, 4), (2, 1, 13, 5, 8, 3), (1, 1, 1, 1, 4, 64),
          (1, 4, 33, 100, 32, 64), (3, 2, 7, 7, 8, 1), (1, 1, 64, 64, 64, 64), (1, 2, 1, 50, 8, 7)]


@pytest.mark.parametrize("B,H,S_q,S_k,D,block_size", SHAPES)
@pytest.mark.parametrize("causal", [False, True])
def test_agrees_with_sdpa(B, H, S_q, S_k, D, block_size, causal):
    q, k, v = qkv(B, H, S_q, S_k, D, seed=S_q * 31 + S_k)
    got = flash_attention(q, k, v, causal=causal, block_size=block_size)
    expected = sdpa(q, k, v, causal)
    rows = torch.arange(S_q) + (S_k - S_q) >= 0 if causal else torch.ones(S_q, dtype=torch.bool)
    assert torch.isfinite(got).all()
    torch.testing.assert_close(got[..., rows, :], expected[..., rows, :], rtol=1e-5, atol=1e-5)


def test_large_scores_stay_finite_and_agree():
    q, k, v = qkv(1, 2, 8, 40, 16, scale=30.0, seed=1)
    v = torch.randn(v.shape, generator=torch.Generator().manual_seed(2))
    got = flash_attention(q, k, v, causal=True, block_size=8)
    torch.testing.assert_close(got, sdpa(q, k, v, True), rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("dtype,atol", [(torch.float16, 5e-3), (torch.bfloat16, 4e-2)])
def test_half_precision_agrees_with_float32_sdpa(dtype, atol):
    q, k, v = qkv(2, 2, 9, 12, 8, seed=3)
    got = flash_attention(q.to(dtype), k.to(dtype), v.to(dtype), causal=True, block_size=4)
    assert got.dtype == dtype
    torch.testing.assert_close(got.float(), sdpa(q, k, v, True), rtol=1e-2, atol=atol)
