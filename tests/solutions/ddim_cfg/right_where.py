import torch


def cfg(eps_uncond, eps_cond, guidance_scale):
    return guidance_scale * eps_cond + (1 - guidance_scale) * eps_uncond


def ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
    ab = torch.cat([alphas_cumprod, alphas_cumprod.new_ones(1)])     # index -1 is now the final alpha, 1
    a_t, a_prev = ab[t].to(x_t.dtype), ab[t_prev].to(x_t.dtype)
    pred_x0 = (x_t - torch.sqrt(1 - a_t) * eps) / torch.sqrt(a_t)
    variance = (1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)
    std = eta * torch.sqrt(variance)
    direction = torch.sqrt(torch.relu(1 - a_prev - std ** 2)) * eps
    x_prev = torch.sqrt(a_prev) * pred_x0 + direction
    if eta == 0:
        return x_prev
    return x_prev + std * noise
