import math

import torch


def _fans(shape):
    receptive = math.prod(shape[2:])               # kernel size of a conv weight, 1 for a linear one
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity, a):
    return math.sqrt(2.0) if nonlinearity == "relu" else math.sqrt(2.0 / (1 + a * a))


def xavier_uniform(shape: tuple[int, ...], gain: float = 1.0,
                   generator: torch.Generator | None = None) -> torch.Tensor:
    fan_in, fan_out = _fans(shape)
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out))     # sqrt(3) · std: U(-b, b) has variance b² / 3
    return torch.empty(shape).uniform_(-bound, bound, generator=generator)


def xavier_normal(shape: tuple[int, ...], gain: float = 1.0,
                  generator: torch.Generator | None = None) -> torch.Tensor:
    fan_in, fan_out = _fans(shape)
    std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    return torch.empty(shape).normal_(0.0, std, generator=generator)


def kaiming_uniform(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    fan_in, fan_out = _fans(shape)
    std = _gain(nonlinearity, a) / math.sqrt(fan_in if mode == "fan_in" else fan_out)
    bound = math.sqrt(3.0) * std
    return torch.empty(shape).uniform_(-bound, bound, generator=generator)


def kaiming_normal(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                   nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    fan_in, fan_out = _fans(shape)
    std = _gain(nonlinearity, a) / math.sqrt(fan_in if mode == "fan_in" else fan_out)
    return torch.empty(shape).normal_(0.0, std, generator=generator)
