import torch


def cfg(eps_uncond: torch.Tensor, eps_cond: torch.Tensor, guidance_scale: float) -> torch.Tensor:
    return eps_uncond + guidance_scale * (eps_cond - eps_uncond)     # scale 1: conditional, 0: unconditional


def ddim_step(x_t: torch.Tensor, eps: torch.Tensor, t: int, t_prev: int, alphas_cumprod: torch.Tensor,
              eta: float = 0.0, noise: torch.Tensor | None = None) -> torch.Tensor:
    ab = alphas_cumprod[t].to(x_t.dtype)
    ab_prev = alphas_cumprod[t_prev].to(x_t.dtype) if t_prev >= 0 else torch.ones_like(ab)   # the last step: 1
    x0 = (x_t - (1 - ab).sqrt() * eps) / ab.sqrt()                   # predicted x_0
    sigma = eta * ((1 - ab_prev) / (1 - ab) * (1 - ab / ab_prev)).sqrt()
    # at eta = 1 the direction's variance is 0 up to rounding: clamp so that its sqrt is not NaN
    x_prev = ab_prev.sqrt() * x0 + (1 - ab_prev - sigma ** 2).clamp(min=0).sqrt() * eps
    return x_prev + sigma * noise if eta > 0 else x_prev
