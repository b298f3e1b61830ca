"""The reference against Song et al., "Denoising Diffusion Implicit Models" (2021), eq. 12 with
sigma_t(eta) of eq. 16, and Ho & Salimans, "Classifier-Free Diffusion Guidance" (2022), whose
eps~ = (1 + w) eps_cond - w eps_uncond is eps_uncond + s (eps_cond - eps_uncond) with s = 1 + w:
both evaluated number by number in float64 Python. Where diffusers is installed, its
DDIMScheduler (no clipping, alpha 1 after the last step) takes the same steps."""
import math

import pytest
import torch

from reference.ddim_cfg import cfg, ddim_step


def schedule(T=1000):
    betas = torch.linspace(1e-4, 0.02, T, dtype=torch.float64)
    return torch.cumprod(1 - betas, 0)


def ddim_by_the_paper(x_t, eps, t, t_prev, ab, eta, noise):
    a_t = ab[t].item()
    a_prev = ab[t_prev].item() if t_prev >= 0 else 1.0
    sigma = eta * math.sqrt((1 - a_prev) / (1 - a_t)) * math.sqrt(1 - a_t / a_prev)
    out = []
    for x, e, z in zip(x_t.flatten().tolist(), eps.flatten().tolist(), noise.flatten().tolist()):
        x0 = (x - math.sqrt(1 - a_t) * e) / math.sqrt(a_t)
        out.append(math.sqrt(a_prev) * x0 + math.sqrt(1 - a_prev - sigma ** 2) * e + sigma * z)
    return torch.tensor(out, dtype=torch.float64).reshape(x_t.shape)


@pytest.mark.parametrize("w", [0.0, 1.0, 6.5, -0.5])
def test_guidance_is_the_papers_with_s_equal_1_plus_w(w):
    g = torch.Generator().manual_seed(0)
    u, c = torch.randn(3, 4, generator=g, dtype=torch.float64), torch.randn(3, 4, generator=g, dtype=torch.float64)
    want = torch.tensor([(1 + w) * b - w * a for a, b in zip(u.flatten().tolist(), c.flatten().tolist())],
                        dtype=torch.float64).reshape(3, 4)
    torch.testing.assert_close(cfg(u, c, 1 + w), want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("t, t_prev", [(999, 979), (500, 250), (20, 0), (19, -1), (0, -1), (1, 0)])
@pytest.mark.parametrize("eta", [0.0, 0.3, 1.0])
def test_step_is_the_papers(t, t_prev, eta):
    g = torch.Generator().manual_seed(t)
    ab = schedule()
    x_t, eps, noise = (torch.randn(2, 3, 4, generator=g, dtype=torch.float64) for _ in range(3))
    got = ddim_step(x_t, eps, t, t_prev, ab, eta, noise)
    torch.testing.assert_close(got, ddim_by_the_paper(x_t, eps, t, t_prev, ab, eta, noise), rtol=1e-10, atol=1e-10)


def test_eta_one_has_the_ddpm_posterior_variance():
    ab = schedule()
    t, t_prev = 600, 599
    x, eps = torch.zeros(1, dtype=torch.float64), torch.zeros(1, dtype=torch.float64)
    sigma = ddim_step(x, eps, t, t_prev, ab, 1.0, torch.ones(1, dtype=torch.float64)).item()
    beta = 1 - (ab[t] / ab[t_prev]).item()
    assert sigma ** 2 == pytest.approx(beta * (1 - ab[t_prev].item()) / (1 - ab[t].item()), rel=1e-9)


def test_prompt_example():
    ab = torch.tensor([0.9, 0.72, 0.504, 0.3024])
    x, e = torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    torch.testing.assert_close(cfg(e, x, 3.0), torch.tensor([[2.8, -3.4], [2.1, 5.2]]))
    torch.testing.assert_close(ddim_step(x, e, 3, 1, ab), torch.tensor([[1.4671, -1.6950], [0.9994, 2.7822]]),
                               atol=1e-4, rtol=0)
    torch.testing.assert_close(ddim_step(x, e, 3, 1, ab, eta=1.0, noise=torch.tensor([[1.0, 0.0], [0.0, -1.0]])),
                               torch.tensor([[1.9184, -1.7573], [1.0930, 2.1750]]), atol=1e-4, rtol=0)
    torch.testing.assert_close(ddim_step(x, e, 0, -1, ab), torch.tensor([[1.0208, -1.1208], [0.6270, 1.9749]]),
                               atol=1e-4, rtol=0)


@pytest.mark.parametrize("eta", [0.0, 0.5])
def test_agrees_with_diffusers(eta):
    diffusers = pytest.importorskip("diffusers")
    sched = diffusers.DDIMScheduler(num_train_timesteps=1000, clip_sample=False, set_alpha_to_one=True)
    sched.set_timesteps(50)
    ab = sched.alphas_cumprod
    g = torch.Generator().manual_seed(2)
    x = torch.randn(2, 4, 8, 8, generator=g)
    for t in sched.timesteps[:3].tolist() + sched.timesteps[-2:].tolist():
        eps_u, eps_c = torch.randn(x.shape, generator=g), torch.randn(x.shape, generator=g)
        noise = torch.randn(x.shape, generator=g)
        eps = cfg(eps_u, eps_c, 7.5)
        want = sched.step(eps, t, x, eta=eta, variance_noise=noise if eta > 0 else None).prev_sample
        got = ddim_step(x, eps, t, max(t - 20, -1), ab, eta, noise)     # step 0 goes to x_0
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
