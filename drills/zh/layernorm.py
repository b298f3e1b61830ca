"""层归一化 LayerNorm

实现模块 `LayerNorm(d, eps=1e-5)`：把沿最后一维的每个向量归一化到均值 0、方差 1，再用可学习的
逐特征参数做缩放和平移。

    mean = x.mean(-1)                 var = ((x - mean) ** 2).mean(-1)
    y    = (x - mean) / sqrt(var + eps) * weight + bias

- 参数（名字和形状固定；评分器会把自己的值加载进去）：
  `weight` (d,) 初始化为全 1，`bias` (d,) 初始化为全 0，两者都是 `nn.Parameter`。
- `forward(x)`：`x` 的形状是 `(..., d)`，前面可以有任意多个维度。输出与 x 的形状、dtype 和设备
  相同。每个向量 `x[..., :]` 各自归一化：不同行、不同 batch 元素之间不共享任何东西。
- 方差是有偏方差，与 nn.LayerNorm 一致：偏差平方的均值（除以 d，而不是 d - 1）。`eps` 加在
  平方根里面。
- 必须支持 float16 / bfloat16 输入：统计量用 float32 计算（大于约 256 的值平方后会使 float16
  溢出），最后返回 x 的 dtype。
- 不要调用 F.layer_norm、nn.LayerNorm 或 F.group_norm：这道题就是要你手写它。

示例:
    >>> ln = LayerNorm(4)                          # weight = 1, bias = 0
    >>> ln(torch.tensor([[1.0, 2.0, 3.0, 4.0]])).detach()
    tensor([[-1.3416, -0.4472,  0.4472,  1.3416]])
    # mean 2.5, var (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25, so -1.5 / sqrt(1.25) = -1.3416
"""
import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-5):
        # TODO: super().__init__()，保存 eps，把 `weight`（全 1）和 `bias`（全 0）设为 nn.Parameter（约 4 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 用 float32 沿最后一维算均值和有偏方差，归一化，缩放，平移（约 6 行）
        raise NotImplementedError
