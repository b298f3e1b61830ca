import math

import torch

EXPECT = {
    'xavier_uniform: frequencies': 'the std used as the uniform bound: U(-b, b) has std b / sqrt(3), so b = sqrt(3) * std',
    'kaiming_uniform: frequencies': 'the std used as the uniform bound: U(-b, b) has std b / sqrt(3), so b = sqrt(3) * std',
}


def fans(shape):
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


def gain_of(nonlinearity, a):
    return math.sqrt(2.0) if nonlinearity == "relu" else math.sqrt(2.0 / (1 + a * a))


def xavier_uniform(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    b = gain * math.sqrt(2.0 / (fan_in + fan_out))
    return torch.empty(shape).uniform_(-b, b, generator=generator)


def xavier_normal(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    return torch.randn(shape, generator=generator) * std


def kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    fan_in, fan_out = fans(shape)
    std = gain_of(nonlinearity, a) / math.sqrt(fan_in if mode == "fan_in" else fan_out)
    b = std
    return torch.empty(shape).uniform_(-b, b, generator=generator)


def kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    fan_in, fan_out = fans(shape)
    std = gain_of(nonlinearity, a) / math.sqrt(fan_in if mode == "fan_in" else fan_out)
    return torch.randn(shape, generator=generator) * std
