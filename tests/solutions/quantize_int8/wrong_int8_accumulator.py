import torch

EXPECT = {
    'int8_matmul: values': 'the int8 products summed in int8, which overflows: accumulate in float32 (exact below 2**24) or int32',
    "int8_matmul: within the activations' rounding of x @ dequantised w": '',
}


def quantise(w):
    amax = w.abs().amax(dim=1)
    scale = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    return torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8), scale


def dequantise(q, scale):
    return q.to(scale.dtype) * scale[:, None]


def int8_matmul(x, q, scale):
    x2 = x.reshape(-1, x.shape[-1])
    x_q, s = quantise(x2)
    acc = x_q @ q.T                                    # int8 @ int8 stays int8: the sums wrap around
    y = acc.to(x.dtype) * s[:, None] * scale
    return y.reshape(*x.shape[:-1], -1)
