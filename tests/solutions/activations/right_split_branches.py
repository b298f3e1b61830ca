import math

import torch


def sigmoid(x):
    neg = x < 0
    z = torch.exp(torch.where(neg, x, -x))          # e^-|x|, written without abs: exact gradient at 0
    return torch.where(neg, z / (1 + z), 1 / (1 + z))


def tanh(x):
    neg = x < 0
    t = torch.exp(-2 * torch.where(neg, -x, x))
    f = (1 - t) / (1 + t)
    return torch.where(neg, -f, f)


def relu(x):
    return x * (x > 0)


def leaky_relu(x, slope=0.01):
    return torch.where(x >= 0, x, slope * x)


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * (torch.exp(torch.clamp(x, max=0.0)) - 1))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)))
    return 0.5 * x * torch.erfc(-x / math.sqrt(2))


def silu(x):
    return x * sigmoid(x)
