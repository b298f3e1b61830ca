"""The reference against torch.distributions: kl_divergence(Normal(mu, exp(logvar / 2)), Normal(0, 1))
summed over the latent dims, the Bernoulli decoder's -log p(x | z) as
F.binary_cross_entropy_with_logits summed per sample, and the KL's closed form written element by
element in float64 Python. The reparameterised draws against the exact normal CDF (Kolmogorov-
Smirnov distance within the Dvoretzky-Kiefer-Wolfowitz bound at 1e-6), and their gradients."""
import math

import pytest
import torch
import torch.nn.functional as F
from torch.distributions import Normal, kl_divergence

from reference.vae import reparameterize, vae_loss


def batch(seed, B=5, D=12, L=4):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(B, D, generator=g, dtype=torch.float64) * 4, torch.rand(B, D, generator=g, dtype=torch.float64),
            torch.randn(B, L, generator=g, dtype=torch.float64) * 2, torch.randn(B, L, generator=g, dtype=torch.float64))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_loss_agrees_with_torch_distributions(seed):
    x_logits, x, mu, logvar = batch(seed)
    loss, recon, kl = vae_loss(x_logits, x, mu, logvar)
    want_kl = kl_divergence(Normal(mu, (0.5 * logvar).exp()), Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(1)
    want_recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").sum(1)
    torch.testing.assert_close(kl, want_kl, rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(recon, want_recon, rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(loss, (want_recon + want_kl).mean(), rtol=1e-10, atol=1e-10)


def test_kl_is_the_closed_form_element_by_element():
    _, _, mu, logvar = batch(3)
    want = [math.fsum(0.5 * (math.exp(lv) + m * m - 1 - lv) for m, lv in zip(mr, lr))
            for mr, lr in zip(mu.tolist(), logvar.tolist())]
    torch.testing.assert_close(vae_loss(*batch(3))[2], torch.tensor(want, dtype=torch.float64), rtol=1e-12, atol=1e-12)


def test_reconstruction_is_stable_at_saturated_logits():
    x_logits = torch.tensor([[100.0, -100.0, 100.0, -100.0]])
    x = torch.tensor([[0.0, 1.0, 1.0, 0.0]])
    _, recon, _ = vae_loss(x_logits, x, torch.zeros(1, 1), torch.zeros(1, 1))
    assert recon.item() == pytest.approx(200.0, rel=1e-6)       # softplus(100) twice, the two right ones ~0


def ks_distance(samples: torch.Tensor, cdf) -> float:
    x = samples.double().sort().values
    n = x.numel()
    f = cdf(x)
    i = torch.arange(1, n + 1, dtype=torch.float64)
    return max((i / n - f).max().item(), (f - (i - 1) / n).max().item())


@pytest.mark.parametrize("m, lv", [(0.0, 0.0), (2.0, 1.5), (-1.0, -3.0)])
def test_draws_are_normal_with_variance_exp_logvar(m, lv):
    n = 20000
    z = reparameterize(torch.full((n,), m), torch.full((n,), lv), generator=torch.Generator().manual_seed(7))
    sigma = math.exp(lv / 2)
    d = ks_distance(z, lambda x: 0.5 * (1 + torch.erf((x - m) / (sigma * math.sqrt(2)))))
    assert d < math.sqrt(math.log(2 / 1e-6) / (2 * n))


def test_draws_come_from_the_generator_and_carry_gradients():
    mu = torch.randn(3, 4, requires_grad=True)
    logvar = torch.randn(3, 4, requires_grad=True)
    z1 = reparameterize(mu, logvar, generator=torch.Generator().manual_seed(1))
    z2 = reparameterize(mu, logvar, generator=torch.Generator().manual_seed(1))
    assert torch.equal(z1, z2)
    g_mu, g_lv = torch.autograd.grad(z1.sum(), [mu, logvar])
    torch.testing.assert_close(g_mu, torch.ones_like(mu))
    torch.testing.assert_close(g_lv, 0.5 * (z1 - mu).detach())


def test_prompt_example():
    mu, logvar = torch.tensor([[0.0, 1.0], [2.0, -1.0]]), torch.tensor([[0.0, -2.0], [1.0, 0.5]])
    torch.testing.assert_close(reparameterize(mu, logvar, generator=torch.Generator().manual_seed(0)),
                               torch.tensor([[1.5410, 0.8921], [-1.5922, -0.2701]]), atol=1e-4, rtol=0)
    loss, recon, kl = vae_loss(torch.tensor([[2.0, -1.0, 0.0], [0.5, 3.0, -2.0]]),
                               torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.5]]), mu, logvar)
    torch.testing.assert_close(loss, torch.tensor(3.6420), atol=1e-4, rtol=0)
    torch.testing.assert_close(recon, torch.tensor([1.1333, 2.1496]), atol=1e-4, rtol=0)
    torch.testing.assert_close(kl, torch.tensor([1.0677, 2.9335]), atol=1e-4, rtol=0)
