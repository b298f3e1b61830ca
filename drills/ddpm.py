"""DDPM: schedules, noising, loss and a reverse step 扩散模型DDPM

Write the pieces of a denoising diffusion model (Ho et al. 2020) with ε-prediction. Time steps
are 0-based, t = 0 .. T-1, as in diffusers: a schedule is a (T,) tensor `betas` of β_t, and

    α_t = 1 - β_t,        ᾱ_t = α_0 · α_1 · ... · α_t       (ᾱ_t includes step t itself)

`linear_betas(T, beta_start=1e-4, beta_end=0.02)`: T values evenly spaced from beta_start to
beta_end, both included (T = 1 gives [beta_start]). float32 (T,).

`cosine_betas(T, s=0.008, max_beta=0.999)`: Nichol & Dhariwal's schedule. With
f(u) = cos²((u + s) / (1 + s) · π/2), ᾱ_t = f((t + 1) / T) / f(0), so
β_t = min(1 - f((t + 1) / T) / f(t / T), max_beta) for t = 0 .. T-1. float32 (T,).

`q_sample(x0, t, noise, betas)`: x_t drawn from q(x_t | x_0), with the noise given:

    x_t = sqrt(ᾱ_t) · x0 + sqrt(1 - ᾱ_t) · noise

x0 and noise are (B, ...) of any trailing shape; t is a LongTensor (B,), one step per sample:
ᾱ_t is gathered per sample and broadcast over that sample's trailing dims.

`ddpm_loss(eps_model, x0, t, noise, betas)`: the simple ε-prediction loss. Noise x0 to x_t with
q_sample, ask the model for the noise, `eps_model(x_t, t)` (it returns x_t's shape), and return
the mean squared error against `noise` over every element (a 0-dim tensor).

`p_sample(x_t, t, eps, betas, noise)`: one reverse step x_t -> x_{t-1}, eps being the model's
prediction for (x_t, t), with the posterior variance β̃_t:

    mean = (x_t - β_t / sqrt(1 - ᾱ_t) · eps) / sqrt(α_t)
    β̃_t  = β_t · (1 - ᾱ_{t-1}) / (1 - ᾱ_t),     with ᾱ_{-1} = 1, so β̃_0 = 0
    x_{t-1} = mean + sqrt(β̃_t) · noise

At t = 0 no noise is added (β̃_0 = 0): the result is the mean. t is per sample as in q_sample.

- The randomness is the caller's: `noise` (and t) come in as arguments, so each function is
  deterministic. Graded in float32 and float64: q_sample, ddpm_loss and p_sample return x0's
  (or x_t's) dtype, whatever the dtype of `betas`; on the input's device.
- Gradients flow to x0, noise, x_t and eps (betas is a constant schedule). No Python loop over
  the batch; nothing is modified in place.

Example:
    >>> betas = linear_betas(4, 0.1, 0.4)            # [0.1, 0.2, 0.3, 0.4]: ᾱ = [0.9, 0.72, 0.504, 0.3024]
    >>> x0 = torch.tensor([[1.0, -1.0], [0.5, 2.0]]); noise = torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    >>> t = torch.tensor([0, 3])
    >>> q_sample(x0, t, noise, betas)                # row 0: sqrt(0.9) · x0 + sqrt(0.1) · noise
    tensor([[ 0.9803, -0.8854],
            [ 0.0244,  1.4339]])
    >>> p_sample(x0, t, noise, betas, noise)         # row 0 (t = 0) is the mean, no noise
    tensor([[ 1.0208, -1.1208],
            [ 0.6710,  2.5480]])
    >>> cosine_betas(1000)[[0, -1]]                  # the last is clipped at max_beta
    tensor([4.1284e-05, 9.9900e-01])
"""
import math

import torch


def linear_betas(T: int, beta_start: float = 1e-4, beta_end: float = 0.02) -> torch.Tensor:
    # TODO: T values from beta_start to beta_end, both included (about 1 line)
    raise NotImplementedError


def cosine_betas(T: int, s: float = 0.008, max_beta: float = 0.999) -> torch.Tensor:
    # TODO: f at u = t / T for t = 0 .. T, ratios of neighbours, clipped (about 3 lines)
    raise NotImplementedError


def q_sample(x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor, betas: torch.Tensor) -> torch.Tensor:
    # TODO: ᾱ by a cumulative product, gathered at t and shaped to broadcast (about 3 lines)
    raise NotImplementedError


def ddpm_loss(eps_model, x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor,
              betas: torch.Tensor) -> torch.Tensor:
    # TODO: x_t by q_sample, the model's prediction, the mean squared error (about 2 lines)
    raise NotImplementedError


def p_sample(x_t: torch.Tensor, t: torch.Tensor, eps: torch.Tensor, betas: torch.Tensor,
             noise: torch.Tensor) -> torch.Tensor:
    # TODO: β_t, ᾱ_t and ᾱ_{t-1} per sample (ᾱ_{-1} = 1), the mean, the posterior variance (about 7 lines)
    raise NotImplementedError
