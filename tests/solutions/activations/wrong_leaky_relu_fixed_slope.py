import math

import torch

EXPECT = {
    'leaky_relu: values': '`slope` ignored (0.01 hard-coded)',
}


def sigmoid(x):
    e = torch.exp(-torch.where(x >= 0, x, -x))
    return torch.where(x >= 0, 1 / (1 + e), e / (1 + e))


def tanh(x):
    return 2 * sigmoid(2 * x) - 1


def relu(x):
    return torch.where(x > 0, x, 0.0)


def leaky_relu(x, slope=0.01):
    return torch.where(x > 0, x, 0.01 * x)


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.expm1(x.clamp(max=0)))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))


def silu(x):
    return x * sigmoid(x)
