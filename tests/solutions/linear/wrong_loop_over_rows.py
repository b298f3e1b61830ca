import torch

EXPECT = {"check": "speed"}


def linear(x, weight, bias=None):
    rows = x.reshape(-1, x.shape[-1])
    out = []
    for r in rows:
        y = weight @ r
        out.append(y if bias is None else y + bias)
    out = torch.stack(out) if out else x.new_zeros(0, weight.shape[0])
    return out.reshape(*x.shape[:-1], weight.shape[0])
