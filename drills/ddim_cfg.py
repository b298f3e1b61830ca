"""DDIM step and classifier-free guidance DDIM采样与无分类器引导

Write the two lines of a guided diffusion sampler's loop (Song et al. 2021, DDIM; Ho & Salimans
2022, classifier-free guidance), with ε-prediction models:

    eps = cfg(eps_uncond, eps_cond, guidance_scale)
    x = ddim_step(x, eps, t, t_prev, alphas_cumprod, eta, noise)

`cfg(eps_uncond, eps_cond, guidance_scale)`: the model ran twice on the same x_t, without and
with the condition; combine its two noise predictions (any shape, the same for both):

    eps = eps_uncond + guidance_scale · (eps_cond - eps_uncond)

so guidance_scale = 1 is the conditional prediction, 0 the unconditional one, and larger values
push further away from the unconditional one (diffusers' convention; the paper's w is
guidance_scale - 1). Guidance combines the predictions ε, before any step.

`ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None)`: one DDIM step from step t
to an earlier step t_prev (a sampler skips steps: t_prev may be any of -1 .. t - 1). With
ᾱ = alphas_cumprod (T,), a_t = ᾱ[t] and a_prev = ᾱ[t_prev], where t_prev = -1 means the final
step to x_0 and a_prev = 1:

    x0_pred = (x_t - sqrt(1 - a_t) · eps) / sqrt(a_t)
    sigma   = eta · sqrt((1 - a_prev) / (1 - a_t)) · sqrt(1 - a_t / a_prev)
    x_prev  = sqrt(a_prev) · x0_pred + sqrt(1 - a_prev - sigma²) · eps + sigma · noise

- eta in [0, 1]: eta = 0 is deterministic DDIM (sigma = 0: `noise` is not used and may be None);
  eta = 1 gives DDPM's posterior variance. When eta > 0, `noise` (x_t's shape, standard normal)
  is given: the randomness is the caller's.
- At eta = 1, 1 - a_prev - sigma² is 0 up to rounding and can round below 0 in float32: clamp it
  at 0 before its sqrt (a NaN there is a failure).
- t and t_prev are Python ints shared by the whole batch; x_t and eps have any shape.
- Output dtype: x_t's, whatever the dtype of alphas_cumprod; on x_t's device. Gradients flow to
  x_t, eps (and, for cfg, to both predictions). Nothing is modified in place.

Example:
    >>> ab = torch.tensor([0.9, 0.72, 0.504, 0.3024])
    >>> x = torch.tensor([[1.0, -1.0], [0.5, 2.0]]); e = torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    >>> cfg(e, x, 3.0)                           # e + 3 · (x - e)
    tensor([[ 2.8000, -3.4000],
            [ 2.1000,  5.2000]])
    >>> ddim_step(x, e, 3, 1, ab)                # eta = 0: deterministic
    tensor([[ 1.4671, -1.6950],
            [ 0.9994,  2.7822]])
    >>> ddim_step(x, e, 3, 1, ab, eta=1.0, noise=torch.tensor([[1.0, 0.0], [0.0, -1.0]]))
    tensor([[ 1.9184, -1.7573],
            [ 1.0930,  2.1750]])
    >>> ddim_step(x, e, 0, -1, ab)               # the last step: a_prev = 1, the result is x0_pred
    tensor([[ 1.0208, -1.1208],
            [ 0.6270,  1.9749]])
"""
import torch


def cfg(eps_uncond: torch.Tensor, eps_cond: torch.Tensor, guidance_scale: float) -> torch.Tensor:
    # TODO: the unconditional prediction moved guidance_scale times its difference to the conditional (1 line)
    raise NotImplementedError


def ddim_step(x_t: torch.Tensor, eps: torch.Tensor, t: int, t_prev: int, alphas_cumprod: torch.Tensor,
              eta: float = 0.0, noise: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: a_t and a_prev (1 when t_prev = -1), x0_pred, sigma, the direction to x_t, the noise (about 7 lines)
    raise NotImplementedError
