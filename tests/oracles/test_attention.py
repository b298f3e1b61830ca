"""The reference agrees with F.scaled_dot_product_attention, given the bottom-right causal mask
explicitly (torch's is_causal is aligned top-left). Queries with no key are compared only for
being NaN-free elsewhere: SDPA returns 0 there, the reference NaN, and neither is graded."""
import pytest
import torch
import torch.nn.functional as F

from reference.attention import attention

TOL = {torch.float64: dict(rtol=1e-10, atol=1e-12), torch.float32: dict(rtol=1e-5, atol=1e-6)}


def oracle(q, k, v, mask, causal):
    S_q, S_k = q.shape[-2], k.shape[-2]
    keep = torch.ones(S_q, S_k, dtype=torch.bool)
    if causal:
        i, j = torch.arange(S_q)[:, None], torch.arange(S_k)[None, :]
        keep = j <= i + (S_k - S_q)          # bottom-right, written from the definition
    if mask is not None:
        keep = keep & mask
    return F.scaled_dot_product_attention(q, k, v, attn_mask=keep), keep


CASES = [  # lead dims, S_q, S_k, D, D_v, mask shape (None: no mask)
    ((), 4, 4, 8, 8, None),
    ((2,), 3, 7, 4, 5, (3, 7)),
    ((2, 3), 5, 5, 8, 8, (2, 1, 1, 5)),
    ((2, 3), 1, 6, 16, 4, (2, 3, 1, 6)),
    ((1, 2), 6, 2, 4, 4, None),                # S_q > S_k: causal leaves queries with no key
    ((3,), 4, 5, 2, 3, (3, 4, 5)),
]


@pytest.mark.parametrize("lead,s_q,s_k,d,d_v,mask_shape", CASES)
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_agrees_with_sdpa(lead, s_q, s_k, d, d_v, mask_shape, causal, dtype):
    g = torch.Generator().manual_seed(0)
    q = torch.randn(*lead, s_q, d, generator=g, dtype=dtype)
    k = torch.randn(*lead, s_k, d, generator=g, dtype=dtype)
    v = torch.randn(*lead, s_k, d_v, generator=g, dtype=dtype)
    mask = None if mask_shape is None else torch.rand(mask_shape, generator=g) < 0.6
    expected, keep = oracle(q, k, v, mask, causal)
    got = attention(q, k, v, mask=mask, causal=causal)
    rows = keep.any(-1, keepdim=True).expand_as(got)      # queries with at least one key
    assert got.shape == expected.shape and got.dtype == dtype
    torch.testing.assert_close(got[rows], expected[rows], **TOL[dtype])
    assert not got[rows].isnan().any()


def test_causal_square_is_torch_is_causal():
    g = torch.Generator().manual_seed(1)
    q, k, v = (torch.randn(2, 3, 6, 8, generator=g, dtype=torch.float64) for _ in range(3))
    torch.testing.assert_close(attention(q, k, v, causal=True),
                               F.scaled_dot_product_attention(q, k, v, is_causal=True), **TOL[torch.float64])


def test_large_scores_stay_finite():
    g = torch.Generator().manual_seed(2)
    q, k, v = (torch.randn(2, 4, 16, generator=g) * 30 for _ in range(3))
    got = attention(q, k, v)
    torch.testing.assert_close(got, F.scaled_dot_product_attention(q, k, v), rtol=1e-4, atol=1e-3)
    assert got.isfinite().all()


@pytest.mark.parametrize("dtype,tol", [(torch.float16, dict(rtol=1e-2, atol=2e-3)),
                                       (torch.bfloat16, dict(rtol=4e-2, atol=2e-2))])
def test_half_agrees_with_float32(dtype, tol):
    g = torch.Generator().manual_seed(3)
    q, k, v = (torch.randn(2, 2, 5, 8, generator=g) for _ in range(3))
    expected = F.scaled_dot_product_attention(q, k, v, is_causal=True).to(dtype)
    got = attention(q.to(dtype), k.to(dtype), v.to(dtype), causal=True)
    assert got.dtype == dtype
    torch.testing.assert_close(got, expected, **tol)
