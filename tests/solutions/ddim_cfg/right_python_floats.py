import math

import torch


def cfg(eps_uncond, eps_cond, guidance_scale):
    return torch.lerp(eps_uncond, eps_cond, guidance_scale)


def ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
    # the schedule's two numbers as Python floats (float64 arithmetic), the tensors untouched
    a_t = alphas_cumprod[t].item()
    a_prev = alphas_cumprod[t_prev].item() if t_prev >= 0 else 1.0
    sigma = eta * math.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
    c_x = math.sqrt(a_prev / a_t)
    c_eps = math.sqrt(max(1 - a_prev - sigma * sigma, 0.0)) - math.sqrt(a_prev * (1 - a_t) / a_t)
    out = c_x * x_t + c_eps * eps
    if sigma > 0:
        out = out + sigma * noise
    return out
