"""均方根归一化 RMSNorm

实现模块 `RMSNorm(d, eps=1e-6)`（与 LLaMA 中的一样）：把沿最后一维的每个向量除以它的均方根，
再乘以可学习的逐特征增益。

    y = x / sqrt(mean(x ** 2, over the last dim) + eps) * weight

- 参数（名字和形状固定；评分器会把自己的值加载进去）：
  `weight` (d,) 初始化为全 1，是一个 `nn.Parameter`。没有偏置。
- `forward(x)`：`x` 的形状是 `(..., d)`，前面可以有任意多个维度。输出与 x 的形状、dtype 和设备
  相同。每个向量各自归一化：不同行之间不共享任何东西。
- 与 LayerNorm 不同，这里不减去均值。`eps` 加在平方根里面。
- 必须支持 float16 / bfloat16 输入：平方的均值用 float32 计算（|x| 大于约 256 时 x ** 2 会使
  float16 溢出），最后返回 x 的 dtype。
- 不要调用 F.rms_norm 或 nn.RMSNorm：这道题就是要你手写它。

示例:
    >>> norm = RMSNorm(4)                          # weight = 1
    >>> norm(torch.tensor([[1.0, 2.0, 3.0, 4.0]])).detach()
    tensor([[0.3651, 0.7303, 1.0954, 1.4606]])
    # mean of squares (1 + 4 + 9 + 16) / 4 = 7.5, so 1 / sqrt(7.5) = 0.3651
"""
import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        # TODO: super().__init__()，保存 eps，把 `weight`（全 1）设为 nn.Parameter（约 3 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 用 float32 沿最后一维算 x² 的均值，除以它的平方根，再乘以 weight（约 4 行）
        raise NotImplementedError
