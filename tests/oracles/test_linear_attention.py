"""Both forms of the reference agree with the quadratic form written out here in float64, one
query at a time: out_i = sum_{j<=i} (phi(q_i)·phi(k_j)) v_j / sum_{j<=i} phi(q_i)·phi(k_j), phi =
elu + 1 (Katharopoulos et al., 2020); and with softmax attention when phi(q)·phi(k) is replaced by
exp(q·k), which the quadratic form generalises."""
import pytest
import torch
import torch.nn.functional as F

from reference.linear_attention import linear_attention, linear_attention_recurrent


def brute_force(q, k, v, kernel=lambda a, b: (F.elu(a) + 1) @ (F.elu(b) + 1)):
    B, H, S, _ = q.shape
    out = torch.empty(B, H, S, v.shape[-1], dtype=torch.float64)
    for b in range(B):
        for h in range(H):
            for i in range(S):
                w = torch.stack([kernel(q[b, h, i], k[b, h, j]) for j in range(i + 1)])
                out[b, h, i] = (w[:, None] * v[b, h, : i + 1]).sum(0) / w.sum()
    return out


@pytest.mark.parametrize("B,H,S,D,D_v", [(1, 1, 1, 1, 1), (2, 3, 7, 4, 5), (1, 2, 16, 8, 3), (2, 1, 33, 2, 6)])
@pytest.mark.parametrize("scale", [0.5, 3.0])
def test_both_forms_agree_with_the_quadratic_form(B, H, S, D, D_v, scale):
    g = torch.Generator().manual_seed(S * 10 + D)
    q, k = (torch.randn(B, H, S, D, generator=g, dtype=torch.float64) * scale for _ in range(2))
    v = torch.randn(B, H, S, D_v, generator=g, dtype=torch.float64)
    expected = brute_force(q, k, v)
    torch.testing.assert_close(linear_attention(q, k, v), expected, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(linear_attention_recurrent(q, k, v), expected, rtol=1e-10, atol=1e-12)


def test_the_quadratic_form_with_exp_is_causal_softmax_attention():
    """The oracle's form is attention's, only the kernel differs: with exp(q·k) it is SDPA (unscaled)."""
    g = torch.Generator().manual_seed(3)
    q, k, v = (torch.randn(1, 2, 6, 4, generator=g, dtype=torch.float64) for _ in range(3))
    expected = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=1.0)
    torch.testing.assert_close(brute_force(q, k, v, kernel=lambda a, b: torch.exp(a @ b)), expected)


def test_float32_long_sequence_forms_agree():
    g = torch.Generator().manual_seed(4)
    q, k, v = (torch.randn(2, 2, 512, 8, generator=g) for _ in range(3))
    torch.testing.assert_close(linear_attention(q, k, v), linear_attention_recurrent(q, k, v), rtol=1e-4, atol=1e-5)
