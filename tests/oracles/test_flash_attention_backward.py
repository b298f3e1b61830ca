"""The reference agrees with autograd through F.scaled_dot_product_attention (bottom-right causal
masks given explicitly), fed the forward's output and log-sum-exp; the lse it is given is the one
torch's CPU flash-attention kernel returns."""
import math

import pytest
import torch
import torch.nn.functional as F

from reference.flash_attention_backward import flash_attention_backward


def autograd_case(B, H, s_q, s_k, D, causal, seed, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    q, k, v = (torch.randn(B, H, s, D, generator=g, dtype=dtype).requires_grad_() for s in (s_q, s_k, s_k))
    keep = torch.ones(s_q, s_k, dtype=torch.bool).tril(s_k - s_q) if causal else None
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=keep)
    do = torch.randn(o.shape, generator=g, dtype=dtype)
    grads = torch.autograd.grad(o, (q, k, v), do)
    s = q.detach() @ k.detach().transpose(-2, -1) / math.sqrt(D)
    if causal:
        s = s.masked_fill(~keep, float("-inf"))
    return (q.detach(), k.detach(), v.detach(), o.detach(), do, torch.logsumexp(s, -1)), grads


@pytest.mark.parametrize("s_q,s_k,causal", [(1, 1, False), (4, 6, False), (6, 6, True), (3, 9, True),
                                            (8, 2, False), (17, 33, True), (64, 64, True)])
@pytest.mark.parametrize("block_size", [1, 3, 16, 64])
def test_agrees_with_autograd_through_sdpa(s_q, s_k, causal, block_size):
    args, expected = autograd_case(2, 3, s_q, s_k, 8, causal, seed=s_q * 7 + s_k + block_size)
    got = flash_attention_backward(*args, causal=causal, block_size=block_size)
    for name, a, b in zip(("dq", "dk", "dv"), got, expected):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-12, msg=name)


@pytest.mark.parametrize("causal", [False, True])
def test_lse_as_torch_flash_kernel_returns_it(causal):
    """The drill's lse is FlashAttention's: torch's CPU kernel (top-left causal: S_q == S_k here)."""
    g = torch.Generator().manual_seed(5)
    q, k, v = (torch.randn(1, 2, 12, 8, generator=g) for _ in range(3))
    o, lse = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(q, k, v, is_causal=causal)[:2]
    s = q @ k.transpose(-2, -1) / math.sqrt(8)
    if causal:
        s = s.masked_fill(torch.ones(12, 12, dtype=torch.bool).triu(1), float("-inf"))
    torch.testing.assert_close(lse, torch.logsumexp(s, -1), rtol=1e-5, atol=1e-5)
    q64, k64, v64 = (t.double().requires_grad_() for t in (q, k, v))
    do = torch.randn(q.shape, generator=g, dtype=torch.float64)
    expected = torch.autograd.grad(F.scaled_dot_product_attention(q64, k64, v64, is_causal=causal), (q64, k64, v64), do)
    got = flash_attention_backward(q, k, v, o, do.float(), lse, causal=causal, block_size=5)
    for a, b in zip(got, expected):
        torch.testing.assert_close(a.double(), b, rtol=1e-4, atol=1e-5)
