import torch

EXPECT = {
    'ddim_step: device (emulated)': 'tensor created on a hard-coded device',
}


def cfg(eps_uncond, eps_cond, guidance_scale):
    return eps_uncond + guidance_scale * (eps_cond - eps_uncond)


def ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
    alphas_cumprod = alphas_cumprod.to(x_t.dtype)
    a_t = alphas_cumprod[t].reshape(1)
    a_prev = alphas_cumprod[t_prev].reshape(1) if t_prev >= 0 else torch.ones(1)    # made on the CPU
    x0 = (x_t - (1 - a_t).sqrt() * eps) / a_t.sqrt()
    sigma = eta * ((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)).sqrt()
    out = a_prev.sqrt() * x0 + (1 - a_prev - sigma ** 2).clamp(min=0).sqrt() * eps
    return out + sigma * noise if eta > 0 else out
