"""权重初始化 Weight initialisation

按 torch.nn.init 的分布实现四个初始化函数，每个都返回一个新的、形状为 `shape` 的 float32 张量，
随机数取自 `generator`：

    xavier_uniform(shape, gain=1.0)     U(-b, b),   b   = gain * sqrt(6 / (fan_in + fan_out))
    xavier_normal(shape, gain=1.0)      N(0, std²), std = gain * sqrt(2 / (fan_in + fan_out))
    kaiming_uniform(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu")
                                        U(-b, b),   b   = gain * sqrt(3 / fan)
    kaiming_normal(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu")
                                        N(0, std²), std = gain / sqrt(fan)

- `shape` 是至少含两个整数的元组，布局与 torch 的权重一致：线性层为 `(out_features,
  in_features)`，卷积为 `(out_channels, in_channels, *kernel)`。
  所以 fan_in = shape[1] * receptive，fan_out = shape[0] * receptive，其中 receptive 是 shape[2:]
  的乘积（线性层为 1）。
- U(-b, b) 的标准差是 b / sqrt(3)：均匀分布的边界是同方差正态分布标准差的 sqrt(3) 倍。公式里的 6 和 3
  就是这么来的。
- Kaiming：mode="fan_in" 时 `fan` 取 fan_in（保持前向传播的方差），mode="fan_out" 时取 fan_out
  （保持反向传播的方差）。nonlinearity="relu" 时 gain = sqrt(2)（此时忽略 `a`），"leaky_relu" 时为
  sqrt(2 / (1 + a²))，`a` 是其负半轴斜率（a >= 0；a = 0 时等于 relu 的 gain）。Xavier 的 `gain` 是
  > 0 的浮点数。
- 所有随机性都取自 `generator`（torch.rand / torch.randn / Tensor.uniform_ / normal_，传入
  generator=generator）：同一个设好种子的 generator 给出相同的张量，不能动 torch 的全局随机数生成器。
  不要对元素写 Python 循环。
- 按元素的分布评分（大张量的每个元素都是一次采样，与精确的 CDF 比对；每项检查的误判率低于 1e-6）：
  fan、gain、均匀与正态之分都会在分布上体现出来。只评判分布，从不评判具体的采样值：任何采样方式都对
  （torch.nn.init 的方式、逆 CDF、Box-Muller）。
- 不要调用 torch.nn.init：自己写。

示例:
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
    # TODO: 求 fan，求边界，在 [-b, b] 中均匀采样（约 4 行）
    raise NotImplementedError


def xavier_normal(shape: tuple[int, ...], gain: float = 1.0,
                  generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 求 fan，求 std，正态采样（约 3 行）
    raise NotImplementedError


def kaiming_uniform(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 按 `mode` 取 fan，按 `nonlinearity` 取 gain，求边界，均匀采样（约 5 行）
    raise NotImplementedError


def kaiming_normal(shape: tuple[int, ...], a: float = 0.0, mode: str = "fan_in",
                   nonlinearity: str = "leaky_relu", generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 同 kaiming_uniform，改为 std 为 gain / sqrt(fan) 的正态采样（约 4 行）
    raise NotImplementedError
