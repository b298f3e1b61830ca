"""Every draw made from uniforms by the inverse CDF: a normal entry is std · sqrt(2) · erfinv(2u - 1),
a uniform entry b · (1 - 2u). The distributions are the prompt's; the draws are not torch.nn.init's."""
import math

import torch


def fans(shape):
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


def kaiming_std(shape, a, mode, nonlinearity):
    fan_in, fan_out = fans(shape)
    gain = math.sqrt(2.0) if nonlinearity == "relu" else math.sqrt(2.0 / (1.0 + a * a))
    return gain / math.sqrt(fan_in if mode == "fan_in" else fan_out)


def uniform(shape, b, generator):
    u = torch.rand(shape, generator=generator, dtype=torch.float64)
    return (b * (1.0 - 2.0 * u)).float()                     # the CDF of U(-b, b), inverted


def normal(shape, std, generator):
    u = torch.rand(shape, generator=generator, dtype=torch.float64)
    u = u.clamp(1e-12, 1 - 1e-12)                             # erfinv(±1) is infinite
    return (std * math.sqrt(2.0) * torch.erfinv(2.0 * u - 1.0)).float()


def xavier_uniform(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    return uniform(shape, gain * math.sqrt(6.0 / (fan_in + fan_out)), generator)


def xavier_normal(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    return normal(shape, gain * math.sqrt(2.0 / (fan_in + fan_out)), generator)


def kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    return uniform(shape, math.sqrt(3.0) * kaiming_std(shape, a, mode, nonlinearity), generator)


def kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    return normal(shape, kaiming_std(shape, a, mode, nonlinearity), generator)
