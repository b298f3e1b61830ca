import math

import pytest
import torch
from torch.distributions import Categorical, kl_divergence

from reference.kl_estimators import kl_estimators


def closed_forms(lp, lr):
    """k1, k2, k3 of one token in float64 Python."""
    t = lr - lp
    return -t, t * t / 2, math.expm1(t) - t


@pytest.mark.parametrize("drift", [1e-3, 0.1, 1.0, 5.0, 20.0])
@pytest.mark.parametrize("shape", [(1,), (3, 7), (2, 3, 4)])
def test_agrees_with_closed_forms(drift, shape):
    g = torch.Generator().manual_seed(len(shape))
    logp = -5 * torch.rand(shape, generator=g, dtype=torch.float64)
    logp_ref = logp + drift * torch.randn(shape, generator=g, dtype=torch.float64)
    got = kl_estimators(logp, logp_ref)
    want = [closed_forms(a, b) for a, b in zip(logp.flatten().tolist(), logp_ref.flatten().tolist())]
    for i in range(3):
        torch.testing.assert_close(got[i].flatten(), torch.tensor([w[i] for w in want], dtype=torch.float64),
                                   rtol=1e-12, atol=1e-12)
        assert got[i].shape == logp.shape


@pytest.mark.parametrize("vocab", [2, 5, 50])
def test_k1_and_k3_unbiased_exactly(vocab):
    """Weighted by π over every token: E_π[k1] = E_π[k3] = KL(π ‖ π_ref); k2 is not."""
    g = torch.Generator().manual_seed(vocab)
    a, b = torch.randn(4, vocab, generator=g, dtype=torch.float64), torch.randn(4, vocab, generator=g, dtype=torch.float64)
    logp, logp_ref = torch.log_softmax(2 * a, -1), torch.log_softmax(2 * b, -1)
    kl = kl_divergence(Categorical(logits=logp), Categorical(logits=logp_ref))
    k1, k2, k3 = kl_estimators(logp, logp_ref)
    p = logp.exp()
    torch.testing.assert_close((p * k1).sum(-1), kl)
    torch.testing.assert_close((p * k3).sum(-1), kl)
    assert not torch.allclose((p * k2).sum(-1), kl)


def test_unbiased_by_sampling():
    """The estimators on tokens actually sampled from π: k1 and k3 average to the KL."""
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(8, generator=g)
    pi, ref = Categorical(logits=logits), Categorical(logits=logits + 0.3 * torch.randn(8, generator=g))
    x = torch.multinomial(pi.probs, 400_000, replacement=True, generator=g)
    k1, _, k3 = kl_estimators(pi.log_prob(x).double(), ref.log_prob(x).double())
    kl = kl_divergence(pi, ref).item()
    assert k1.mean().item() == pytest.approx(kl, abs=6 * k1.std().item() / 400_000 ** 0.5)
    assert k3.mean().item() == pytest.approx(kl, abs=6 * k3.std().item() / 400_000 ** 0.5)
    assert k3.std() < k1.std() / 3                  # the point of k3: less variance when π is near π_ref


def test_underflowing_log_probs_stay_finite():
    k1, k2, k3 = kl_estimators(torch.tensor([-200.0, -150.0]), torch.tensor([-201.0, -148.0]))
    torch.testing.assert_close(k1, torch.tensor([1.0, -2.0]))
    torch.testing.assert_close(k3, torch.tensor([math.exp(-1) - 1 + 1, math.exp(2) - 1 - 2]))


def test_gradients_agree_with_closed_form():
    logp = torch.tensor([-1.0, -2.0, -0.3], dtype=torch.float64, requires_grad=True)
    logp_ref = torch.tensor([-1.5, -1.0, -0.3], dtype=torch.float64)
    kl_estimators(logp, logp_ref)[2].sum().backward()
    torch.testing.assert_close(logp.grad, 1 - (logp_ref - logp.detach()).exp())    # d k3 / d logp = 1 - r


def test_prompt_example():
    k1, k2, k3 = kl_estimators(torch.tensor([-1.0, -2.0, -0.5]), torch.tensor([-1.5, -1.0, -0.5]))
    torch.testing.assert_close(k1, torch.tensor([0.5, -1.0, 0.0]))
    torch.testing.assert_close(k2, torch.tensor([0.125, 0.5, 0.0]))
    torch.testing.assert_close(k3, torch.tensor([0.1065, 0.7183, 0.0]), atol=1e-4, rtol=0)
