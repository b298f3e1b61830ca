import math

import torch


def _softplus(x):
    return torch.logaddexp(torch.zeros_like(x), x)     # log(1 + e^x) without overflow


def sigmoid(x):
    return torch.exp(-_softplus(-x))


def tanh(x):
    return 1 - 2 * sigmoid(-2 * x)


def relu(x):
    return torch.maximum(x, torch.zeros_like(x))


def leaky_relu(x, slope=0.01):
    return relu(x) - slope * relu(-x)


def elu(x, alpha=1.0):
    return relu(x) + alpha * torch.expm1(-relu(-x))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        c = math.sqrt(2.0 / math.pi)
        return x * sigmoid(2 * c * (x + 0.044715 * x * x * x))   # 0.5 (1 + tanh(u)) = sigmoid(2u)
    return x * 0.5 * (1.0 + torch.special.erf(x * (1 / math.sqrt(2.0))))


def silu(x):
    return x * sigmoid(x)
