"""批归一化 BatchNorm

实现模块 `BatchNorm(num_features, eps=1e-5, momentum=0.1)`，行为与 nn.BatchNorm1d 相同：对每个
通道在 batch（以及长度）维上归一化，并维护用于推理的滑动统计量。

- 输入 `x` 的形状是 `(N, C)` 或 `(N, C, L)`，其中 `C = num_features`；通道 c 的统计量取自
  `x[:, c]` 的全部元素（N 个值，或 N·L 个值）。输出与 x 的形状、dtype 和设备相同。
- 参数和 buffer（名字和形状固定；评分器会加载自己的值）：
  `weight` (C,) = 全 1、`bias` (C,) = 全 0，作为 `nn.Parameter`；`running_mean` (C,) = 全 0、
  `running_var` (C,) = 全 1，作为 buffer（`self.register_buffer`）。不要 `num_batches_tracked`。
- 训练时（`self.training` 为 True）：
      mean, var = the batch mean and the BIASED batch variance (divide by n = N or N·L)
      y = (x - mean) / sqrt(var + eps) * weight + bias
      running_mean = (1 - momentum) * running_mean + momentum * mean
      running_var  = (1 - momentum) * running_var  + momentum * var * n / (n - 1)   (UNBIASED)
  滑动统计量只是记账：不要让它们进入 autograd 计算图（用 torch.no_grad() 或 .detach()）。
  训练 batch 中每个通道至少有两个值。
- 推理时（调用 `.eval()` 之后）：改用 running_mean 和 running_var 归一化；不更新任何东西，
  任意 batch 大小都要能用（即使 N = 1）。
- 评分器会先跑几步训练，再跑一步推理，比较每一步的输出以及两个滑动统计量。
- 不要调用 F.batch_norm 或任何 nn.BatchNorm* 模块：这道题就是要你手写它。

示例:
    >>> bn = BatchNorm(2)
    >>> bn(torch.tensor([[1.0, 10.0], [3.0, 20.0]])).detach()    # mean (2, 15), var (1, 25)
    tensor([[-1.0000, -1.0000],
            [ 1.0000,  1.0000]])
    >>> bn.running_mean, bn.running_var     # 0.1 * (2, 15); 0.9 * 1 + 0.1 * unbiased (2, 50)
    (tensor([0.2000, 1.5000]), tensor([1.1000, 5.9000]))
    >>> bn.eval()(torch.tensor([[2.0, 15.0]])).detach()    # (2 - 0.2) / sqrt(1.1 + eps), ...
    tensor([[1.7162, 5.5579]])
"""
import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        # TODO: super().__init__()，保存 eps 和 momentum，把 `weight`、`bias` 设为参数，
        # `running_mean`、`running_var` 设为 buffer（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 训练时用 batch 统计量并更新滑动统计量，推理时用滑动统计量，然后归一化、
        # 缩放、平移，把 (C,) 广播到 (N, C) 或 (N, C, L) 上（约 14 行）
        raise NotImplementedError
