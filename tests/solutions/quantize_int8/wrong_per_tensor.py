import torch

EXPECT = {
    'quantise: values': 'one scale for the whole tensor (per-tensor) instead of one per output channel: amax over dim=1, one scale per row',
    "quantise: each row's largest |w| maps to ±127": '',
}


def quantise(w):
    scale = w.abs().max() / 127                       # one scale for everything
    q = torch.round(w / scale).clamp(-127, 127).to(torch.int8)
    return q, scale.repeat(w.shape[0])


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    amax = x2.abs().amax(1)
    s = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    x_q = torch.round(x2 / s[:, None]).clamp(-127, 127).to(torch.int8)
    y = ((x_q.float() @ q.float().T) * s[:, None] * scale).to(x.dtype)
    return y.reshape(*x.shape[:-1], -1)
