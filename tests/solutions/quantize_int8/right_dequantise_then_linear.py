import torch


def quantise(w):
    scale = torch.amax(torch.abs(w), dim=1) / 127
    scale = torch.where(scale == 0, torch.ones_like(scale), scale)
    q = torch.clamp(torch.round(w * (1.0 / scale)[:, None]), -127, 127)
    return q.to(dtype=torch.int8), scale


def dequantise(q, scale):
    return torch.einsum("oi,o->oi", q.to(scale.dtype), scale)


def int8_matmul(x, q, scale):
    # the scales can be folded in before the product: (x_q * s_x) @ (q * s_w).T equals the integer product
    # times s_x s_w up to float rounding
    lead = x.shape[:-1]
    x2 = x.reshape(-1, x.shape[-1])
    x_q, x_scale = quantise(x2)
    y = torch.nn.functional.linear(dequantise(x_q, x_scale), dequantise(q, scale))
    return y.reshape(*lead, -1)
