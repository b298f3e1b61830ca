"""手撕softmax Softmax

实现 `softmax(x, dim=-1)`：沿 `dim` 取指数再归一化，使沿 `dim` 的每个切片都是一个概率分布。

    softmax(x)_i = exp(x_i) / sum_j exp(x_j)

- `x` 是任意形状的浮点张量；`dim` 可以是负数。输出与 x 的形状、dtype 和设备相同。
- 数值稳定：先减去沿 `dim` 的最大值（softmax 对常数平移不变），这样 `exp` 不会溢出。
  输入大到 1e4 时也必须给出有限的概率。
- 不要调用 torch.softmax、F.softmax、log_softmax 或 Tensor.softmax：这道题就是要你手写它。

示例:
    >>> softmax(torch.tensor([1.0, 2.0, 3.0]))
    tensor([0.0900, 0.2447, 0.6652])
"""
import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    # TODO: 沿 dim 减去最大值，取指数，再除以和（约 3 行）
    raise NotImplementedError
