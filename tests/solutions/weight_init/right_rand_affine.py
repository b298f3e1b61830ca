import math

import torch


def fans(shape):
    k = 1
    for s in shape[2:]:
        k *= s
    return shape[1] * k, shape[0] * k


def kaiming_std(shape, a, mode, nonlinearity):
    fan_in, fan_out = fans(shape)
    gain = {"relu": math.sqrt(2.0), "leaky_relu": math.sqrt(2.0 / (1 + a ** 2))}[nonlinearity]
    return gain / math.sqrt({"fan_in": fan_in, "fan_out": fan_out}[mode])


def xavier_uniform(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    b = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return b * (2 * torch.rand(shape, generator=generator) - 1)


def xavier_normal(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    return gain * math.sqrt(2.0 / (fan_in + fan_out)) * torch.randn(shape, generator=generator)


def kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    b = math.sqrt(3.0) * kaiming_std(shape, a, mode, nonlinearity)
    return b * (2 * torch.rand(shape, generator=generator) - 1)


def kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    return kaiming_std(shape, a, mode, nonlinearity) * torch.randn(shape, generator=generator)
