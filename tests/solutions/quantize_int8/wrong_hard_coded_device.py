import torch

EXPECT = {
    'quantise: device (emulated)': 'tensor created on a hard-coded device',
    'int8_matmul: device (emulated)': 'tensor created on a hard-coded device',
}


def quantise(w):
    amax = w.abs().amax(dim=1)
    scale = torch.where(amax > 0, amax / 127, torch.ones(amax.shape, dtype=w.dtype))    # made on the CPU
    return torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8), scale


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    x_q, s = quantise(x2)
    y = ((x_q.float() @ q.float().T) * s[:, None] * scale).to(x.dtype)
    return y.reshape(*x.shape[:-1], -1)
