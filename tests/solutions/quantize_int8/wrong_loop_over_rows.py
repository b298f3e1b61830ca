import torch

EXPECT = {
    'quantise: no loop': '',
    'int8_matmul: no loop': '',
}


def quantise(w):
    qs, scales = [], []
    for row in w:
        amax = row.abs().max()
        s = amax / 127 if amax > 0 else torch.ones_like(amax)
        qs.append(torch.round(row / s).clamp(-127, 127).to(torch.int8))
        scales.append(s)
    return torch.stack(qs), torch.stack(scales)


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    x_q, s = quantise(x2)
    y = ((x_q.float() @ q.float().T) * s[:, None] * scale).to(x.dtype)
    return y.reshape(*x.shape[:-1], -1)
