import math

import torch

EXPECT = {
    'sigmoid: values': 'exp(x) / (1 + exp(x)) is inf / inf = NaN for x >> 0; use 1 / (1 + exp(-x)) on the x >= 0 side',
    'sigmoid: sigmoid(-x) = 1 - sigmoid(x)': '',
    'tanh: values': 'built on a sigmoid that overflows (see sigmoid): fix that one first',
    'gelu: values': 'built on a tanh that overflows (see tanh): fix that one first',
    'silu: values': 'built on a sigmoid that overflows (see sigmoid): fix that one first',
}


def sigmoid(x):
    return torch.exp(x) / (1 + torch.exp(x))


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
