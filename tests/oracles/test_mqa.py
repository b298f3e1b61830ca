"""The reference agrees with F.scaled_dot_product_attention(enable_gqa=True) fed one kv head, and
with plain SDPA after copying that head to every query head (HF's repeat_kv with n_rep = n_heads)."""
import pytest
import torch
import torch.nn.functional as F

from reference.mqa import MultiQueryAttention


def oracles(m: MultiQueryAttention, x, mask, causal):
    B, S, d_model = x.shape
    H, hd = m.n_heads, m.head_dim
    q = m.q_proj(x).view(B, S, H, hd).transpose(1, 2)         # (B, H, S, hd)
    k = m.k_proj(x).view(B, S, 1, hd).transpose(1, 2)         # (B, 1, S, hd)
    v = m.v_proj(x).view(B, S, 1, hd).transpose(1, 2)
    keep = torch.ones(B, 1, S, S, dtype=torch.bool)
    if causal:
        keep = keep & torch.ones(S, S, dtype=torch.bool).tril()
    if mask is not None:
        keep = keep & mask[:, None, None, :]
    a = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, enable_gqa=True)
    b = F.scaled_dot_product_attention(q, k.expand(B, H, S, hd), v.expand(B, H, S, hd), attn_mask=keep)
    merge = lambda o: m.o_proj(o.transpose(1, 2).reshape(B, S, d_model))
    return merge(a), merge(b)


@pytest.mark.parametrize("B,S,d_model,n_heads", [(2, 5, 16, 4), (2, 6, 24, 6), (3, 4, 16, 8), (1, 7, 12, 1),
                                                 (2, 1, 8, 4), (2, 9, 32, 2)])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("causal", [False, True])
def test_agrees_with_sdpa_enable_gqa(B, S, d_model, n_heads, masked, causal):
    torch.manual_seed(0)
    m = MultiQueryAttention(d_model, n_heads).double().eval()
    x = torch.randn(B, S, d_model, dtype=torch.float64)
    mask = torch.rand(B, S) < 0.7 if masked else None
    if mask is not None:
        mask[:, 0] = True
    with torch.no_grad():
        got = m(x, mask=mask, causal=causal)
        gqa, repeated = oracles(m, x, mask, causal)
    torch.testing.assert_close(got, gqa, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(got, repeated, rtol=1e-10, atol=1e-12)


def test_parameter_shapes():
    m = MultiQueryAttention(32, 8)
    assert {k: tuple(v.shape) for k, v in m.state_dict().items()} == {
        "q_proj.weight": (32, 32), "k_proj.weight": (4, 32), "v_proj.weight": (4, 32), "o_proj.weight": (32, 32)}


def test_float32():
    torch.manual_seed(1)
    m = MultiQueryAttention(16, 4).eval()
    x = torch.randn(2, 6, 16)
    with torch.no_grad():
        got = m(x, causal=True)
        expected, _ = oracles(m, x, None, True)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6)
