import math

import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def sigmoid(x):
    e = torch.exp(-torch.where(x >= 0, x, -x))
    return torch.where(x >= 0, 1 / (1 + e), e / (1 + e))


def tanh(x):
    return 2 * sigmoid(2 * x) - 1


def relu(x):
    return torch.where(x > 0, x, 0.0)


def leaky_relu(x, slope=0.01):
    return torch.where(x > 0, x, slope * x)


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.expm1(x.clamp(max=0)))


def gelu(x, approximate="none"):
    return F.gelu(x, approximate=approximate)


def silu(x):
    return x * sigmoid(x)
