import torch

EXPECT = {
    'quantise: values': 'a zero point on a symmetric scheme ((max - min) / 255 and an offset): symmetric int8 has no zero point, q = round(w / scale) with scale = max|w| / 127',
    'quantise: within [-127, 127] and half a step of w': '',
    "quantise: each row's largest |w| maps to ±127": '',
}


def quantise(w):
    w_min = w.min(dim=1, keepdim=True).values
    w_max = w.max(dim=1, keepdim=True).values
    scale = (w_max - w_min) / 255
    zero_point = torch.round(-w_min / scale) - 128
    q = torch.clamp(torch.round(w / scale) + zero_point, -128, 127).to(torch.int8)
    return q, scale.squeeze(1)


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    amax = x2.abs().amax(1)
    s = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    x_q = torch.round(x2 / s[:, None]).clamp(-127, 127).to(torch.int8)
    y = ((x_q.float() @ q.float().T) * s[:, None] * scale).to(x.dtype)
    return y.reshape(*x.shape[:-1], -1)
