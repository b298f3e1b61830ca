"""The reference against the losses as the papers write them: the non-saturating GAN (Goodfellow et
al. 2014) as F.binary_cross_entropy_with_logits with labels 1 and 0, the hinge loss (Lim & Ye 2017,
Miyato et al. 2018) and the WGAN critic (Arjovsky et al. 2017) number by number in float64 Python,
and WGAN-GP's penalty (Gulrajani et al. 2017) with each sample's gradient taken on its own, by
torch.autograd.grad and by torch.func.grad, at the interpolates made from the same draws. The
penalty's own gradient with respect to the critic's weights (what create_graph makes possible) is
held against central differences by torch.autograd.gradcheck."""
import math

import pytest
import torch
import torch.nn.functional as F

from reference.gan_losses import d_loss, g_loss, gradient_penalty


def logits(seed, B=7, scale=4.0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(B, generator=g, dtype=torch.float64) * scale, torch.randn(B, generator=g, dtype=torch.float64) * scale


def mean(values):
    return math.fsum(values) / len(values)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_discriminator_losses(seed):
    real, fake = logits(seed)
    want_ns = F.binary_cross_entropy_with_logits(real, torch.ones_like(real)) + \
        F.binary_cross_entropy_with_logits(fake, torch.zeros_like(fake))
    torch.testing.assert_close(d_loss(real, fake), want_ns, rtol=1e-12, atol=1e-12)
    hinge = mean([max(0.0, 1 - r) for r in real.tolist()]) + mean([max(0.0, 1 + f) for f in fake.tolist()])
    assert d_loss(real, fake, "hinge").item() == pytest.approx(hinge, rel=1e-12)
    assert d_loss(real, fake, "wgan").item() == pytest.approx(mean(fake.tolist()) - mean(real.tolist()), rel=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generator_losses(seed):
    _, fake = logits(seed)
    torch.testing.assert_close(g_loss(fake), F.binary_cross_entropy_with_logits(fake, torch.ones_like(fake)),
                               rtol=1e-12, atol=1e-12)
    assert g_loss(fake, "hinge").item() == pytest.approx(-mean(fake.tolist()), rel=1e-12)
    assert g_loss(fake, "wgan").item() == pytest.approx(-mean(fake.tolist()), rel=1e-12)


def test_non_saturating_keeps_its_gradient_where_the_saturating_one_vanishes():
    fake = torch.tensor([-20.0], dtype=torch.float64, requires_grad=True)     # D rejects the fake confidently
    (ns,) = torch.autograd.grad(g_loss(fake), fake)
    (sat,) = torch.autograd.grad(torch.log1p(-torch.sigmoid(fake)).mean(), fake)
    assert abs(ns.item()) > 0.99 and abs(sat.item()) < 1e-8


def test_saturated_logits_stay_finite():
    real = torch.tensor([-100.0, 100.0])
    fake = torch.tensor([100.0, -100.0])
    assert d_loss(real, fake).item() == pytest.approx(100.0, rel=1e-6)
    assert g_loss(torch.tensor([-100.0])).item() == pytest.approx(100.0, rel=1e-6)


class Critic(torch.nn.Module):
    def __init__(self, d, seed):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.W1 = torch.nn.Parameter(torch.randn(d, 6, generator=g, dtype=torch.float64))
        self.w2 = torch.nn.Parameter(torch.randn(6, generator=g, dtype=torch.float64))

    def forward(self, x):
        return torch.tanh(x.flatten(1) @ self.W1) @ self.w2


def penalty_one_sample_at_a_time(critic, real, fake, seed, per_sample_grad):
    alpha = torch.rand(real.shape[0], generator=torch.Generator().manual_seed(seed), dtype=real.dtype)
    terms = []
    for i in range(real.shape[0]):
        x = alpha[i] * real[i] + (1 - alpha[i]) * fake[i]
        g = per_sample_grad(x)
        terms.append((math.sqrt(math.fsum(v * v for v in g.flatten().tolist())) - 1) ** 2)
    return mean(terms)


@pytest.mark.parametrize("shape", [(5, 4), (3, 2, 3, 3), (1, 6)])
def test_penalty_per_sample(shape):
    g = torch.Generator().manual_seed(len(shape))
    real, fake = torch.randn(shape, generator=g, dtype=torch.float64), torch.randn(shape, generator=g, dtype=torch.float64)
    critic = Critic(math.prod(shape[1:]), 0)
    got = gradient_penalty(critic, real, fake, torch.Generator().manual_seed(3)).item()

    def by_autograd(x):
        x = x.detach().requires_grad_(True)
        return torch.autograd.grad(critic(x[None]).sum(), x)[0]

    def by_func(x):
        return torch.func.grad(lambda y: critic(y[None]).sum())(x)

    for per_sample in (by_autograd, by_func):
        assert got == pytest.approx(penalty_one_sample_at_a_time(critic, real, fake, 3, per_sample), rel=1e-10)


def test_penalty_trains_the_critic():
    g = torch.Generator().manual_seed(0)
    real, fake = torch.randn(4, 5, generator=g, dtype=torch.float64), torch.randn(4, 5, generator=g, dtype=torch.float64)
    W1 = torch.randn(5, 6, generator=g, dtype=torch.float64, requires_grad=True)
    w2 = torch.randn(6, generator=g, dtype=torch.float64, requires_grad=True)

    def penalty(a, b):
        return gradient_penalty(lambda x: torch.tanh(x @ a) @ b, real, fake, torch.Generator().manual_seed(5))

    assert torch.autograd.gradcheck(penalty, (W1, w2))


def test_prompt_example():
    real, fake = torch.tensor([2.0, -1.0, 0.5]), torch.tensor([-3.0, 0.0, 1.0])
    torch.testing.assert_close(torch.stack([d_loss(real, fake), d_loss(real, fake, "hinge"), d_loss(real, fake, "wgan")]),
                               torch.tensor([1.3231, 1.8333, -1.1667]), atol=1e-4, rtol=0)
    torch.testing.assert_close(torch.stack([g_loss(fake), g_loss(fake, "hinge")]), torch.tensor([1.3517, 0.6667]),
                               atol=1e-4, rtol=0)
    gp = gradient_penalty(lambda x: (x ** 2).sum(1), torch.ones(2, 2), torch.zeros(2, 2), torch.Generator().manual_seed(0))
    assert gp.item() == pytest.approx(0.7693, abs=1e-4)
