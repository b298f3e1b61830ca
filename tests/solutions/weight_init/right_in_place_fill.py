import math

import torch


def _fan(shape, which):
    receptive = torch.Size(shape[2:]).numel()
    return (shape[1] if which == "fan_in" else shape[0]) * receptive


def _gain(nonlinearity, a):
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    return math.sqrt(2.0 / (1.0 + a * a))


def xavier_uniform(shape, gain=1.0, generator=None):
    std = gain * math.sqrt(2.0 / (_fan(shape, "fan_in") + _fan(shape, "fan_out")))
    a = math.sqrt(3.0) * std
    w = torch.empty(*shape, dtype=torch.float32)
    return w.uniform_(-a, a, generator=generator)


def xavier_normal(shape, gain=1.0, generator=None):
    std = gain * math.sqrt(2.0 / (_fan(shape, "fan_in") + _fan(shape, "fan_out")))
    return torch.normal(0.0, std, size=tuple(shape), generator=generator)


def kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    bound = _gain(nonlinearity, a) * math.sqrt(3.0 / _fan(shape, mode))
    return torch.empty(*shape).uniform_(-bound, bound, generator=generator)


def kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    std = _gain(nonlinearity, a) / math.sqrt(_fan(shape, mode))
    return torch.empty(*shape).normal_(0.0, std, generator=generator)
