import torch

EXPECT = {
    'ddim_step: runs': 'the noise used at eta = 0, where it may be None: add sigma · noise only when eta > 0',
}


def cfg(eps_uncond, eps_cond, guidance_scale):
    return eps_uncond + guidance_scale * (eps_cond - eps_uncond)


def ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
    alphas_cumprod = alphas_cumprod.to(x_t.dtype)
    a_t = alphas_cumprod[t]
    a_prev = alphas_cumprod[t_prev] if t_prev >= 0 else torch.ones_like(a_t)
    x0 = (x_t - (1 - a_t).sqrt() * eps) / a_t.sqrt()
    sigma = eta * ((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)).sqrt()
    return a_prev.sqrt() * x0 + (1 - a_prev - sigma ** 2).clamp(min=0).sqrt() * eps + sigma * noise    # noise may be None
