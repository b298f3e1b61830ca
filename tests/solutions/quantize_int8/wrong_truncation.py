import torch

EXPECT = {
    'quantise: values': 'rounding by truncation (.to(torch.int8) or .int() cut toward zero): torch.round first',
    'quantise: within [-127, 127] and half a step of w': '',
    "quantise: each row's largest |w| maps to ±127": '',
}


def quantise(w):
    amax = w.abs().amax(dim=1)
    scale = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    q = (w / scale[:, None]).to(torch.int8)           # cuts toward zero
    return q, scale


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    amax = x2.abs().amax(1)
    s = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    x_q = torch.round(x2 / s[:, None]).clamp(-127, 127).to(torch.int8)
    y = ((x_q.float() @ q.float().T) * s[:, None] * scale).to(x.dtype)
    return y.reshape(*x.shape[:-1], -1)
