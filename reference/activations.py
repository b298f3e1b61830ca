import math

import torch


def sigmoid(x: torch.Tensor) -> torch.Tensor:
    # exp only ever sees numbers <= 0, so neither it nor its gradient can overflow
    pos = 1 / (1 + torch.exp(-x.clamp(min=0)))        # the x >= 0 side
    e = torch.exp(x.clamp(max=0))                     # the x < 0 side: sigmoid(x) = e^x / (1 + e^x)
    return torch.where(x >= 0, pos, e / (1 + e))


def tanh(x: torch.Tensor) -> torch.Tensor:
    return 2 * sigmoid(2 * x) - 1                     # stable because sigmoid is


def relu(x: torch.Tensor) -> torch.Tensor:
    return torch.where(x > 0, x, 0.0)                 # a new tensor: x is left alone


def leaky_relu(x: torch.Tensor, slope: float = 0.01) -> torch.Tensor:
    return torch.where(x > 0, x, slope * x)


def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    # clamp: where() still differentiates the branch it drops, and exp(1e4) = inf would make 0·inf = NaN
    return torch.where(x > 0, x, alpha * torch.expm1(x.clamp(max=0)))


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate == "tanh":
        return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))   # x · Φ(x), Φ the standard normal CDF


def silu(x: torch.Tensor) -> torch.Tensor:
    return x * sigmoid(x)
