"""Normal draws by Box-Muller (two uniforms give two independent normals), uniform draws as
torch.randint bits scaled to [-b, b): the prompt's distributions, not torch.nn.init's draws."""
import math

import torch


def fans(shape):
    receptive = 1
    for k in shape[2:]:
        receptive *= k
    return shape[1] * receptive, shape[0] * receptive


def gain_of(nonlinearity, a):
    return math.sqrt(2.0) if nonlinearity == "relu" else math.sqrt(2.0 / (1 + a ** 2))


def uniform(shape, b, generator):
    bits = torch.randint(0, 2 ** 24, shape, generator=generator)     # 24 bits: exact in float32
    return b * (bits.float() / 2 ** 23 - 1.0)


def normal(shape, std, generator):
    n = math.prod(shape)
    half = (n + 1) // 2
    u1 = 1.0 - torch.rand(half, generator=generator, dtype=torch.float64)   # in (0, 1]: log is finite
    u2 = torch.rand(half, generator=generator, dtype=torch.float64)
    r = torch.sqrt(-2.0 * torch.log(u1))
    z = torch.cat([r * torch.cos(2 * math.pi * u2), r * torch.sin(2 * math.pi * u2)])[:n]
    return (std * z).float().reshape(shape)


def xavier_uniform(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    return uniform(shape, gain * math.sqrt(6.0 / (fan_in + fan_out)), generator)


def xavier_normal(shape, gain=1.0, generator=None):
    fan_in, fan_out = fans(shape)
    return normal(shape, gain * math.sqrt(2.0 / (fan_in + fan_out)), generator)


def kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    fan_in, fan_out = fans(shape)
    b = gain_of(nonlinearity, a) * math.sqrt(3.0 / (fan_in if mode == "fan_in" else fan_out))
    return uniform(shape, b, generator)


def kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    fan_in, fan_out = fans(shape)
    std = gain_of(nonlinearity, a) / math.sqrt(fan_in if mode == "fan_in" else fan_out)
    return normal(shape, std, generator)
