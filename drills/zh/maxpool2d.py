"""最大池化 2-D max pooling

实现 `max_pool2d(x, kernel_size, stride=None, padding=0)`：nn.MaxPool2d 的最大池化（dilation 为 1，
floor 模式），不使用内置的池化函数。

- `x` 为 `(N, C, H, W)`，浮点张量。`kernel_size` 是 int（正方形窗口）；`stride` 是 >= 1 的 int，
  或者 `None`，表示 `stride = kernel_size`（窗口首尾相接，即 PyTorch 的默认值）。`padding` 是满足
  `0 <= padding <= kernel_size // 2` 的 int（PyTorch 允许的范围），加在每一边（上、下、左、右）。
  输入保证至少放得下一个窗口：H + 2·padding >= kernel_size，W 也一样。
- 填充的位置视为 -inf：它们永远不会是最大值（若填 0，在全是负数的窗口中 0 会胜出）。
- 输出 `(N, C, H_out, W_out)`，其中 H_out = (H + 2·padding - kernel_size) // stride + 1（W_out
  同理）：out[n, c, i, j] = 填充后的 x[n, c] 在第 i·stride .. i·stride + kernel_size - 1 行、
  第 j·stride .. j·stride + kernel_size - 1 列上的最大值。每个通道单独池化。
- 输出的 dtype 和设备与 x 相同；梯度要能传到 x（传到每个窗口的最大值处）；不要修改 x。
- 不要对 batch、通道或输出位置写 Python 循环（对卷积核内的偏移循环没问题）。允许使用 F.pad、
  Tensor.unfold、F.unfold、amax 和 max；不允许使用 F.max_pool2d、nn.MaxPool2d 及其他内置池化函数：
  这道题就是要你自己写。

示例:
    >>> x = torch.tensor([[[[1.0, -2.0, 3.0, 0.0],
    ...                     [-4.0, 5.0, -6.0, 2.0],
    ...                     [7.0, -8.0, -9.0, -1.0]]]])          # (1, 1, 3, 4)
    >>> max_pool2d(x, 2)                # stride 2: (3 - 2) // 2 + 1 = 1 row, 2 columns
    tensor([[[[5., 3.]]]])
    >>> max_pool2d(x, 2, stride=1)
    tensor([[[[5., 5., 3.],
              [7., 5., 2.]]]])
    >>> max_pool2d(torch.tensor([[[[-1.0, -2.0], [-3.0, -4.0]]]]), 2, stride=1, padding=1)
    tensor([[[[-1., -1., -2.],
              [-1., -1., -2.],
              [-3., -3., -4.]]]])      # zero padding would put 0 in every border window
"""
import torch
import torch.nn.functional as F


def max_pool2d(x: torch.Tensor, kernel_size: int, stride: int | None = None,
               padding: int = 0) -> torch.Tensor:
    # TODO: 默认 stride，用 -inf 填充，切出窗口 (N, C, H_out, W_out, k, k)，对每个窗口
    # 取最大值（约 4 行）
    raise NotImplementedError
