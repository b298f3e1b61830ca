import torch

EXPECT = {
    'quantise: values': 'the range taken as [-128, 127] (scale = max|w| / 128, clamp(-128, 127)): a symmetric scheme uses [-127, 127], scale = max|w| / 127',
    'quantise: within [-127, 127] and half a step of w': '',
    "quantise: each row's largest |w| maps to ±127": '',
}


def quantise(w):
    amax = w.abs().amax(dim=1)
    scale = torch.where(amax > 0, amax / 128, torch.ones_like(amax))    # int8 goes down to -128...
    q = torch.round(w / scale[:, None]).clamp(-128, 127).to(torch.int8)
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
