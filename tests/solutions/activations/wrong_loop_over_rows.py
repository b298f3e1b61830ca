import math

import torch

EXPECT = {
    'sigmoid: no loop': '',
    'tanh: no loop': '',
    'silu: no loop': '',
}


def sigmoid(x):
    flat = x.reshape(-1, x.shape[-1]) if x.dim() else x.reshape(1, 1)
    out = torch.empty_like(flat)
    for i, row in enumerate(flat):                  # one row at a time
        e = torch.exp(-torch.where(row >= 0, row, -row))
        out[i] = torch.where(row >= 0, 1 / (1 + e), e / (1 + e))
    return out.reshape(x.shape)


def tanh(x):
    return 2 * sigmoid(2 * x) - 1


def relu(x):
    return torch.where(x > 0, x, 0.0)


def leaky_relu(x, slope=0.01):
    return torch.where(x > 0, x, slope * x)


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.expm1(x.clamp(max=0)))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))


def silu(x):
    return x * sigmoid(x)
