"""The reference agrees with two oracles: F.scaled_dot_product_attention(enable_gqa=True), and Hugging
Face transformers' LLaMA repeat_kv (imported; the `test` extra installs it) widening the key/value
heads for plain SDPA."""
import pytest
import torch
import torch.nn.functional as F
from transformers.models.llama.modeling_llama import repeat_kv

from reference.gqa import GroupedQueryAttention


def oracles(m: GroupedQueryAttention, x, mask, causal):
    B, S, _ = x.shape
    H, n_kv, hd = m.n_heads, m.n_kv_heads, m.head_dim
    q = m.q_proj(x).view(B, S, H, hd).transpose(1, 2)
    k = m.k_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
    v = m.v_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
    keep = torch.ones(B, 1, S, S, dtype=torch.bool)
    if causal:
        keep = keep & torch.ones(S, S, dtype=torch.bool).tril()
    if mask is not None:
        keep = keep & mask[:, None, None, :]
    a = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, enable_gqa=True)
    b = F.scaled_dot_product_attention(q, repeat_kv(k, H // n_kv), repeat_kv(v, H // n_kv), attn_mask=keep)
    merge = lambda o: m.o_proj(o.transpose(1, 2).reshape(B, S, H * hd))
    return merge(a), merge(b)


@pytest.mark.parametrize("B,S,d_model,n_heads,n_kv", [(2, 5, 16, 4, 2), (2, 6, 24, 6, 2), (3, 4, 16, 8, 1),
                                                      (1, 7, 12, 3, 3), (2, 1, 8, 4, 4), (2, 9, 32, 8, 4)])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("causal", [False, True])
def test_agrees_with_sdpa_enable_gqa_and_repeat_kv(B, S, d_model, n_heads, n_kv, masked, causal):
    torch.manual_seed(0)
    m = GroupedQueryAttention(d_model, n_heads, n_kv).double().eval()
    x = torch.randn(B, S, d_model, dtype=torch.float64)
    mask = torch.rand(B, S) < 0.7 if masked else None
    if mask is not None:
        mask[:, 0] = True
    with torch.no_grad():
        got = m(x, mask=mask, causal=causal)
        sdpa_gqa, hf = oracles(m, x, mask, causal)
    torch.testing.assert_close(got, sdpa_gqa, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(got, hf, rtol=1e-10, atol=1e-12)


def test_parameter_shapes():
    m = GroupedQueryAttention(32, 8, 2)
    assert {k: tuple(v.shape) for k, v in m.state_dict().items()} == {
        "q_proj.weight": (32, 32), "k_proj.weight": (8, 32), "v_proj.weight": (8, 32), "o_proj.weight": (32, 32)}


def test_float32():
    torch.manual_seed(1)
    m = GroupedQueryAttention(16, 4, 2).eval()
    x = torch.randn(2, 6, 16)
    with torch.no_grad():
        got = m(x, causal=True)
        expected, _ = oracles(m, x, None, True)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6)
