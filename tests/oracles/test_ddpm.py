"""The reference against the closed forms of Ho et al., "Denoising Diffusion Probabilistic Models"
(2020), and Nichol & Dhariwal, "Improved DDPM" (2021), evaluated number by number in float64
Python: the linear schedule, the cosine schedule from alpha_bar(u) = f(u) / f(0), q(x_t | x_0)
(eq. 4), the simple loss (eq. 14) and one ancestral step with the posterior variance beta-tilde
(eqs. 6-7 and Algorithm 2, sigma_t² = beta-tilde_t). Where diffusers is installed, its
DDPMScheduler (betas, add_noise, step with variance "fixed_small" and no clipping) agrees too."""
import math

import pytest
import torch

from reference.ddpm import cosine_betas, ddpm_loss, linear_betas, p_sample, q_sample


def alpha_bars(betas: list[float]) -> list[float]:
    out, prod = [], 1.0
    for b in betas:
        prod *= 1.0 - b
        out.append(prod)
    return out


def linear_by_the_paper(T, start, end):
    return [start + (end - start) * i / (T - 1) if T > 1 else start for i in range(T)]


def cosine_by_the_paper(T, s=0.008, max_beta=0.999):
    f = lambda u: math.cos((u + s) / (1 + s) * math.pi / 2) ** 2
    alpha_bar = [f(i / T) / f(0) for i in range(T + 1)]          # alpha_bar(0) = 1, then one per step
    return [min(1 - alpha_bar[i + 1] / alpha_bar[i], max_beta) for i in range(T)]


def q_by_the_paper(x0, t, noise, betas):
    ab = alpha_bars(betas.tolist())
    rows = [[math.sqrt(ab[ti]) * a + math.sqrt(1 - ab[ti]) * n for a, n in zip(xr, nr)]
            for xr, ti, nr in zip(x0.tolist(), t.tolist(), noise.tolist())]
    return torch.tensor(rows, dtype=torch.float64)


def step_by_the_paper(x_t, t, eps, betas, noise):
    """x_{t-1} = 1/sqrt(alpha_t) (x_t - beta_t / sqrt(1 - alpha_bar_t) eps) + sigma_t z, sigma_t² = beta-tilde_t."""
    b = betas.tolist()
    ab = alpha_bars(b)
    rows = []
    for xr, ti, er, zr in zip(x_t.tolist(), t.tolist(), eps.tolist(), noise.tolist()):
        ab_prev = ab[ti - 1] if ti > 0 else 1.0
        var = b[ti] * (1 - ab_prev) / (1 - ab[ti])
        rows.append([(x - b[ti] / math.sqrt(1 - ab[ti]) * e) / math.sqrt(1 - b[ti]) + math.sqrt(var) * z
                     for x, e, z in zip(xr, er, zr)])
    return torch.tensor(rows, dtype=torch.float64)


@pytest.mark.parametrize("T, start, end", [(1, 1e-4, 0.02), (2, 0.1, 0.4), (10, 0.01, 0.3), (1000, 1e-4, 0.02)])
def test_linear_schedule(T, start, end):
    got = linear_betas(T, start, end)
    assert got.dtype == torch.float32 and got.shape == (T,)
    torch.testing.assert_close(got.double(), torch.tensor(linear_by_the_paper(T, start, end), dtype=torch.float64),
                               rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("T, s, max_beta", [(1, 0.008, 0.999), (10, 0.008, 0.999), (1000, 0.008, 0.999),
                                            (64, 0.1, 0.5), (4000, 0.0, 1.0)])
def test_cosine_schedule(T, s, max_beta):
    got = cosine_betas(T, s, max_beta)
    assert got.dtype == torch.float32 and got.shape == (T,)
    torch.testing.assert_close(got.double(), torch.tensor(cosine_by_the_paper(T, s, max_beta), dtype=torch.float64),
                               rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("T", [4, 1000])
def test_q_sample_and_reverse_step(T):
    g = torch.Generator().manual_seed(T)
    betas = (linear_betas(T, 0.1, 0.4) if T == 4 else cosine_betas(T)).double()
    B, D = 6, 5
    t = torch.tensor([0, 1, T // 2, T - 2, T - 1, 0])
    x, noise, eps = (torch.randn(B, D, generator=g, dtype=torch.float64) for _ in range(3))
    torch.testing.assert_close(q_sample(x, t, noise, betas), q_by_the_paper(x, t, noise, betas), rtol=1e-6, atol=1e-9)
    torch.testing.assert_close(p_sample(x, t, eps, betas, noise), step_by_the_paper(x, t, eps, betas, noise),
                               rtol=1e-6, atol=1e-9)


def test_loss_is_the_simple_objective():
    g = torch.Generator().manual_seed(0)
    betas = linear_betas(1000).double()
    x0, noise = torch.randn(4, 3, generator=g, dtype=torch.float64), torch.randn(4, 3, generator=g, dtype=torch.float64)
    t = torch.tensor([0, 10, 500, 999])
    W = torch.randn(3, 3, generator=g, dtype=torch.float64)

    def model(x_t, steps):
        return torch.tanh(x_t @ W) + steps[:, None] / 1000

    x_t = q_by_the_paper(x0, t, noise, betas)
    pred = model(x_t, t)
    want = math.fsum(((p - n) ** 2 for p, n in zip(pred.flatten().tolist(), noise.flatten().tolist()))) / noise.numel()
    assert ddpm_loss(model, x0, t, noise, betas).item() == pytest.approx(want, rel=1e-9)


def test_prompt_example():
    betas = linear_betas(4, 0.1, 0.4)
    x0, noise = torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    t = torch.tensor([0, 3])
    torch.testing.assert_close(q_sample(x0, t, noise, betas), torch.tensor([[0.9803, -0.8854], [0.0244, 1.4339]]),
                               atol=1e-4, rtol=0)
    torch.testing.assert_close(p_sample(x0, t, noise, betas, noise),
                               torch.tensor([[1.0208, -1.1208], [0.6710, 2.5480]]), atol=1e-4, rtol=0)
    torch.testing.assert_close(cosine_betas(1000)[[0, -1]], torch.tensor([4.1284e-05, 9.9900e-01]), atol=0, rtol=1e-4)


@pytest.mark.parametrize("schedule", ["linear", "squaredcos_cap_v2"])
def test_agrees_with_diffusers(schedule):
    diffusers = pytest.importorskip("diffusers")
    T = 1000
    sched = diffusers.DDPMScheduler(num_train_timesteps=T, beta_schedule=schedule, clip_sample=False,
                                    variance_type="fixed_small")
    betas = linear_betas(T) if schedule == "linear" else cosine_betas(T)
    torch.testing.assert_close(betas, sched.betas, rtol=1e-5, atol=1e-9)
    g = torch.Generator().manual_seed(1)
    x0, noise, eps = (torch.randn(3, 2, 4, 4, generator=g) for _ in range(3))
    t = torch.tensor([0, 400, 999])
    torch.testing.assert_close(q_sample(x0, t, noise, betas), sched.add_noise(x0, noise, t), rtol=1e-5, atol=1e-5)
    for i, step in enumerate(t.tolist()):
        z = torch.randn(eps[i:i + 1].shape, generator=torch.Generator().manual_seed(step))   # the draw step() makes
        want = sched.step(eps[i:i + 1], step, x0[i:i + 1], generator=torch.Generator().manual_seed(step)).prev_sample
        got = p_sample(x0[i:i + 1], t[i:i + 1], eps[i:i + 1], betas, z)
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
