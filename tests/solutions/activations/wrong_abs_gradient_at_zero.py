import math

EXPECT = {
    'sigmoid: gradients': 'the gradient at x = 0 is lost: |x| and sign(x) have gradient 0 there, so a formula in |x| gets the wrong derivative at 0 (the function is smooth there); choose the branch with torch.where on x >= 0 instead',
    'tanh: gradients': 'the gradient at x = 0 is lost: |x| and sign(x) have gradient 0 there, so a formula in |x| gets the wrong derivative at 0 (the function is smooth there); choose the branch with torch.where on x >= 0 instead',
}

import torch


def sigmoid(x):
    e = torch.exp(-x.abs())                     # never overflows
    num = torch.where(x >= 0, torch.ones_like(x), e)
    return num / (1 + e)


def tanh(x):
    e = torch.exp(-2 * x.abs())
    return torch.sign(x) * (1 - e) / (1 + e)


def relu(x):
    return x.clamp(min=0)


def leaky_relu(x, slope=0.01):
    return torch.maximum(x, slope * x)


def elu(x, alpha=1.0):
    return x.clamp(min=0) + alpha * torch.expm1(x.clamp(max=0))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x.pow(3))
        return 0.5 * x * (1 + tanh(inner))
    return 0.5 * x * torch.erfc(-x / math.sqrt(2))


def silu(x):
    return x * sigmoid(x)
