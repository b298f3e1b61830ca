"""Weight initialisation 权重初始化

Write four initialisers with torch.nn.init's distributions, each returning a NEW float32 tensor
of the given `shape` drawn from `generator`:

    xavier_uniform(shape, gain=1.0)     U(-b, b),   b   = gain * sqrt(6 / (fan_in + fan_out))
    xavier_normal(shape, gain=1.0)      N(0, std²), std = gain * sqrt(2 / (fan_in + fan_out))
    kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu")
                                        U(-b, b),   b   = gain * sqrt(3 / fan)
    kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu")
                                        N(0, std²), std = gain / sqrt(fan)

- `shape` is a tuple of at least two ints, laid out as torch's weights are: `(out_features,
  in_features)` for a linear layer, `(out_channels, in_channels, *kernel)` for a convolution. So
  fan_in = shape[1] * receptive and fan_out = shape[0] * receptive, where receptive is the product
  of shape[2:] (1 for a linear layer).
- U(-b, b) has standard deviation b / sqrt(3): the uniform bound is sqrt(3) times the std of the
  normal with the same variance. That is where the 6 and the 3 come from.
- Kaiming: `fan` is fan_in for mode="fan_in" (preserves the forward pass's variance) and fan_out
  for mode="fan_out" (the backward pass's). gain = sqrt(2) for nonlinearity="relu" (`a` is then
  ignored) and sqrt(2 / (1 + a²)) for "leaky_relu", `a` being its negative slope (a >= 0; a = 0
  gives relu's gain). `gain` of Xavier is a float > 0.
- Draw all randomness from `generator` (torch.rand / torch.randn / Tensor.uniform_ / normal_ with
  generator=generator): the same seeded generator gives the same tensor, torch's global RNG is
  left alone. No Python loop over the elements.
- Graded by the distribution of the entries (every entry of a large tensor is one draw, held
  against the exact CDF; false-fail rate below 1e-6 per check): the fans, the gain, and uniform
  against normal all show there. Only the distribution is graded, never particular draws: any
  way of sampling it is right (torch.nn.init's, an inverse CDF, Box-Muller).
- Do not call torch.nn.init: write them.

Example:
    >>> g = torch.Generator().manual_seed(0)
    >>> w = kaiming_uniform((256, 128), generator=g)    # b = sqrt(2) * sqrt(3 / 128)
    >>> w.shape, w.dtype, w.abs().max() <= 0.2166
    (torch.Size([256, 128]), torch.float32, tensor(True))
    >>> w.std()                                          # b / sqrt(3) = 0.1250
    tensor(0.1248)
    >>> xavier_normal((64, 32, 3, 3), generator=torch.Generator().manual_seed(0)).std()
    tensor(0.0484)                          # sqrt(2 / (32 * 9 + 64 * 9)) = 0.0481
"""
import math

import torch


def xavier_uniform(shape: tuple[int, ...], gain: float = 1.0,
                   generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: the fans, the bound, uniform draws in [-b, b] (about 4 lines)
    raise NotImplementedError


def xavier_normal(shape: tuple[int, ...], gain: float = 1.0,
                  generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: the fans, the std, normal draws (about 3 lines)
    raise NotImplementedError


def kaiming_uniform(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: the fan of `mode`, the gain of `nonlinearity`, the bound, uniform draws (about 5 lines)
    raise NotImplementedError


def kaiming_normal(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                   nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: as kaiming_uniform, with normal draws of std gain / sqrt(fan) (about 4 lines)
    raise NotImplementedError
