"""激活函数 Activations

实现七个激活函数。每个函数接收任意形状的浮点张量 `x`，逐元素独立计算：

    sigmoid(x)                  = 1 / (1 + exp(-x))
    tanh(x)                     = (exp(x) - exp(-x)) / (exp(x) + exp(-x))
    relu(x)                     = x if x > 0 else 0
    leaky_relu(x, slope=0.01)   = x if x > 0 else slope * x
    elu(x, alpha=1.0)           = x if x > 0 else alpha * (exp(x) - 1)
    gelu(x, approximate="none") = x * Φ(x) = 0.5 * x * (1 + erf(x / sqrt(2)))     (Φ: normal CDF)
    gelu(x, approximate="tanh") = 0.5 * x * (1 + tanh(sqrt(2 / π) * (x + 0.044715 * x³)))
    silu(x)                     = x * sigmoid(x)

- 结果与 torch 中同名函数（torch.sigmoid、F.gelu……）的值相同。输出与 x 的形状、dtype
  和设备相同；不修改 x 本身。`slope` 是 [0, 1] 内的浮点数（含 0 和 1）；`alpha` 是 >= 0 的浮点数。
- 梯度也要评分：通过你的代码做 autograd 必须得到与 torch 相同的梯度，x = 0 处也一样
  （sigmoid、tanh、gelu 和 silu 在那里是光滑的；|x| 和 sign(x) 在 0 处梯度为 0，所以用 |x|
  写的公式会丢掉这个梯度）。只有 relu、leaky_relu 和 elu 在 x = 0 处的折点不评分。
- |x| 最大到 1e4 时也要数值稳定：输出和梯度中都不能有 inf 或 NaN。上面的公式照写会溢出
  （float32 下 exp(1e4) 是 inf）：要保证 exp 只会见到 <= 0 的数。
  小心 torch.where：它丢弃的那个分支照样会计算、照样会求导，而反向传播中 0 * inf = NaN。
- 不要调用内置实现（torch.sigmoid、torch.tanh、torch.relu、F.leaky_relu、F.elu、F.gelu、
  F.silu，以及对应的 nn 模块和 Tensor 方法）：自己写。可以用 torch.exp、expm1、erf、clamp 和
  where，函数之间也可以互相调用（silu 可以用你的 sigmoid，gelu 的 tanh 形式可以用你的 tanh）。

示例:
    >>> x = torch.tensor([-2.0, -0.5, 0.5, 2.0])
    >>> sigmoid(x)
    tensor([0.1192, 0.3775, 0.6225, 0.8808])
    >>> leaky_relu(x, slope=0.1)
    tensor([-0.2000, -0.0500,  0.5000,  2.0000])
    >>> gelu(x), gelu(x, approximate="tanh")
    (tensor([-0.0455, -0.1543,  0.3457,  1.9545]), tensor([-0.0454, -0.1543,  0.3457,  1.9546]))
    >>> sigmoid(torch.tensor([-1e4, 1e4]))
    tensor([0., 1.])
"""
import math

import torch


def sigmoid(x: torch.Tensor) -> torch.Tensor:
    # TODO: x >= 0 时用 1 / (1 + exp(-x))，x < 0 时用 exp(x) / (1 + exp(x))，不溢出（约 3 行）
    raise NotImplementedError


def tanh(x: torch.Tensor) -> torch.Tensor:
    # TODO: 用你的 sigmoid 实现（约 1 行）
    raise NotImplementedError


def relu(x: torch.Tensor) -> torch.Tensor:
    # TODO: （约 1 行）
    raise NotImplementedError


def leaky_relu(x: torch.Tensor, slope: float = 0.01) -> torch.Tensor:
    # TODO: （约 1 行）
    raise NotImplementedError


def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    # TODO: 两个分支里 exp 的参数都要保持 <= 0（约 1 行）
    raise NotImplementedError


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    # TODO: erf 形式；approximate == "tanh" 时用 tanh 形式（约 3 行）
    raise NotImplementedError


def silu(x: torch.Tensor) -> torch.Tensor:
    # TODO: （约 1 行）
    raise NotImplementedError
