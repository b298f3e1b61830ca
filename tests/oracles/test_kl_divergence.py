import pytest
import torch
import torch.nn.functional as F

from reference.kl_divergence import kl_divergence


def oracle(p_logits, q_logits):
    log_p, log_q = torch.log_softmax(p_logits, -1), torch.log_softmax(q_logits, -1)
    return F.kl_div(log_q, log_p, log_target=True, reduction="none").sum(-1)


@pytest.mark.parametrize("shape", [(1, 1), (4, 7), (6, 2), (3, 1000)])
@pytest.mark.parametrize("scale", [1.0, 10.0, 100.0, 1e4])
def test_agrees_with_f_kl_div(shape, scale):
    g = torch.Generator().manual_seed(0)
    p, q = torch.randn(shape, generator=g) * scale, torch.randn(shape, generator=g) * scale
    got, want = kl_divergence(p, q), oracle(p, q)
    assert got.shape == shape[:1]
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6 * scale)


def test_gradients_agree_with_f_kl_div():
    g = torch.Generator().manual_seed(1)
    p, q = torch.randn(5, 6, generator=g, dtype=torch.float64), torch.randn(5, 6, generator=g, dtype=torch.float64)
    up = torch.randn(5, generator=g, dtype=torch.float64)
    a = [p.clone().requires_grad_(), q.clone().requires_grad_()]
    b = [p.clone().requires_grad_(), q.clone().requires_grad_()]
    grads_mine = torch.autograd.grad(kl_divergence(*a), a, up)
    grads_oracle = torch.autograd.grad(oracle(*b), b, up)
    for mine, theirs in zip(grads_mine, grads_oracle):
        torch.testing.assert_close(mine, theirs, rtol=1e-10, atol=1e-12)


def test_underflowing_probabilities_and_large_offsets():
    p = torch.tensor([[80.0, -150.0, 0.0, 20.0], [1000.0, 1001.0, 999.0, 1000.5]])
    q = torch.tensor([[-150.0, 80.0, 60.0, 0.0], [1003.0, 1000.0, 1000.0, 1000.0]])
    got = kl_divergence(p, q)
    assert torch.isfinite(got).all()
    torch.testing.assert_close(got, oracle(p.double(), q.double()).float(), rtol=1e-5, atol=1e-4)


def test_direction_and_zero():
    p, q = torch.tensor([[1.0, 2.0, 3.0]]), torch.zeros(1, 3)
    assert not torch.allclose(kl_divergence(p, q), kl_divergence(q, p))
    torch.testing.assert_close(kl_divergence(p, p + 3.0), torch.zeros(1), atol=1e-6, rtol=0)
