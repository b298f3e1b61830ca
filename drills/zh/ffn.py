"""前馈网络 Feed-forward network

实现模块 `FFN(d_model, d_ff, activation="relu")`：原始 Transformer（ReLU）和 BERT / GPT（GELU）中
逐位置的前馈网络。对每个 token `x`（最后一维，`d_model` 个特征）：

    FFN(x) = fc2( act( fc1(x) ) )          fc1: d_model -> d_ff,  fc2: d_ff -> d_model

- 参数（名字和形状必须一致，两层都有偏置）：
    fc1  nn.Linear(d_model, d_ff)    weight (d_ff, d_model), bias (d_ff,)
    fc2  nn.Linear(d_ff, d_model)    weight (d_model, d_ff), bias (d_model,)
  评分器会按这些名字把自己的权重加载进你的模块。
- `activation` 为 "relu" 或 "gelu"，作用在 fc1 和 fc2 之间（绝不在 fc2 之后）。"gelu" 是精确的
  GELU，x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2)))，即 F.gelu 默认的算法——不是 tanh 近似
  （F.gelu(x, approximate="tanh")）。
- `x` 的形状是 `(B, S, d_model)`（前面有任意维度都一样）；输出与 x 的形状、dtype 和设备相同。
  每个 token 各自独立变换。
- 可以用 nn.Linear、F.relu 和 F.gelu。

示例（d_model=1, d_ff=2, fc1.weight = [[1], [-1]], fc1.bias = 0, fc2.weight = [[1, 1]],
fc2.bias = 0）:
    x = 2.0:  fc1 -> [2, -2]
              relu -> [2, 0]            -> fc2 -> 2.0
              gelu -> [1.9545, -0.0455] -> fc2 -> 1.9090
"""
import torch
from torch import nn


class FFN(nn.Module):
    def __init__(self, d_model: int, d_ff: int, activation: str = "relu"):
        # TODO: super().__init__()，fc1 和 fc2（带偏置的 nn.Linear），记下激活函数（约 4 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: fc2(act(fc1(x)))，用精确的 GELU 或 ReLU（约 2 行）
        raise NotImplementedError
