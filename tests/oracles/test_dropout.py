"""The reference behaves as F.dropout: the same deterministic cases, the same scale for survivors,
and kept fractions that fit Binomial(n, 1 - p) (as F.dropout's do) — false-fail rate <= 1e-6 per test."""
import pytest
import torch
import torch.nn.functional as F

from grader.engine.stats import binomial_tail
from reference.dropout import dropout

ALPHA = 1e-6


@pytest.mark.parametrize("shape", [(7,), (30, 40), (2, 3, 50)])
def test_deterministic_cases_agree_with_f_dropout(shape):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(0))
    torch.testing.assert_close(dropout(x, 0.5, training=False), F.dropout(x, 0.5, training=False), rtol=0, atol=0)
    torch.testing.assert_close(dropout(x, 0.0), F.dropout(x, 0.0), rtol=0, atol=0)
    torch.testing.assert_close(dropout(x, 1.0), F.dropout(x, 1.0), rtol=0, atol=0)


@pytest.mark.parametrize("p", [0.1, 0.3, 0.5, 0.9])
def test_survivors_and_kept_fraction_like_f_dropout(p):
    x = torch.rand(300, 300, generator=torch.Generator().manual_seed(1)) + 0.5      # no zeros
    ours = dropout(x, p, generator=torch.Generator().manual_seed(2))
    torch.manual_seed(3)
    theirs = F.dropout(x, p)
    n = x.numel()
    for out in (ours, theirs):
        kept = out != 0
        torch.testing.assert_close(out[kept], x[kept] / (1 - p), rtol=1e-6, atol=0)
        # both are Binomial(n, 1 - p): two-sided tail at ALPHA / 2 per side
        assert binomial_tail(int(kept.sum()), n, 1 - p) >= ALPHA / 2


def test_generator_and_gradients():
    x = torch.randn(50, 50, requires_grad=True)
    a = dropout(x, 0.4, generator=torch.Generator().manual_seed(5))
    b = dropout(x, 0.4, generator=torch.Generator().manual_seed(5))
    assert torch.equal(a, b)
    (g,) = torch.autograd.grad(a.sum(), x)
    torch.testing.assert_close(g, (a != 0).float() / 0.6, rtol=1e-6, atol=0)   # as F.dropout's backward
