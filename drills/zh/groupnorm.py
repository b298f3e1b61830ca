"""组归一化 GroupNorm

实现模块 `GroupNorm(num_groups, num_channels, eps=1e-5)`，行为与 nn.GroupNorm 一致：把通道分成
若干组，将每个样本的每一组归一化到均值 0、方差 1，再用每个通道各自的可学习参数做缩放和平移。

- 输入 `x` 的形状是 `(N, C, *)`：N 个样本的 batch，C = num_channels 个通道，后面是任意多个空间
  维度（没有：`(N, C)`；序列 `(N, C, L)`；图像 `(N, C, H, W)`；……）。
  `num_channels` 能被 `num_groups` 整除，且每组至少有两个值（C / G × 空间大小 >= 2；否则
  PyTorch 会报错）。
- 第 g 组包含 C / G 个连续的通道 g·C/G .. (g+1)·C/G - 1（G = num_groups）。对每个样本 n 和组 g，
  统计量在 x[n, g 组的通道, *] 的全部值上计算：
      mean = the mean of those values      var = the mean of (value - mean)²  (BIASED: divide
      by the count, not count - 1)
      y    = (x - mean) / sqrt(var + eps)
  样本之间从不共享统计量（与 BatchNorm 不同）：每个样本单独归一化。
- 仿射变换按通道进行，在归一化之后：out[:, c] = y[:, c] * weight[c] + bias[c]。
- 参数（名字和形状是固定的；评分器会往里面加载自己的值）：`weight` (num_channels,) 初始化为
  全 1，`bias` (num_channels,) 初始化为全 0，都是 `nn.Parameter`。
- 输出与 x 的形状、dtype 和设备相同；梯度流向 x、weight 和 bias；不修改 x（不要在 x 的视图上做
  原地运算）。
- 不要对样本或组写 Python 循环：reshape 成 (N, G, -1) 再做归约。
- 不要调用 F.group_norm、nn.GroupNorm，也不要调用 layer norm、instance norm 和 batch norm 的
  内置实现：这道题就是要你手写它。

示例:
    >>> gn = GroupNorm(2, 4)                 # weight = 1, bias = 0; channels {0, 1} and {2, 3}
    >>> x = torch.tensor([[[1.0, 2.0], [3.0, 4.0], [-1.0, 1.0], [0.0, 0.0]]])   # (1, 4, 2)
    >>> gn(x).detach()
    tensor([[[-1.3416, -0.4472],
             [ 0.4472,  1.3416],
             [-1.4142,  1.4142],
             [ 0.0000,  0.0000]]])
    # group 0 is {1, 2, 3, 4}: mean 2.5, var 1.25; group 1 is {-1, 1, 0, 0}: mean 0, var 0.5
"""
import torch
from torch import nn


class GroupNorm(nn.Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5):
        # TODO: super().__init__()，保存 num_groups 和 eps，形状为 (num_channels,) 的 `weight`
        # （全 1）和 `bias`（全 0），都用 nn.Parameter（约 5 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: view 成 (N, G, -1)，求每组的均值和有偏方差，归一化，再 view 回 x 的形状，
        # 按通道缩放和平移（约 7 行）
        raise NotImplementedError
