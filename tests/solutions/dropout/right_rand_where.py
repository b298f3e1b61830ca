import torch


def dropout(x, p, training=True, generator=None):
    if not training or p == 0.0:
        return x
    if p >= 1.0:
        return x * 0.0
    u = torch.rand(x.shape, generator=generator, device=x.device, dtype=x.dtype)
    return torch.where(u >= p, x / (1.0 - p), torch.zeros_like(x))
