"""二维卷积 2-D convolution by im2col

实现 `conv2d(x, weight, bias=None, stride=1, padding=0)`：深度学习库中的二维卷积（即 nn.Conv2d 的
forward），用 im2col + 一次矩阵乘法来计算。

- `x` 为 `(N, C, H, W)`；`weight` 为 `(O, C, kh, kw)`（kh 和 kw 可以不同）；`bias` 为 `(O,)` 或
  `None`（没有偏置项）。`stride` 和 `padding` 是 int，两个方向相同：stride >= 1，padding >= 0，在
  每一边（上、下、左、右）都补零。输入保证至少放得下一个窗口：H + 2·padding >= kh 且
  W + 2·padding >= kw。
- 输出 `(N, O, H_out, W_out)`，其中
      H_out = (H + 2·padding - kh) // stride + 1      W_out = (W + 2·padding - kw) // stride + 1
  out[n, o, i, j] = bias[o] + 对 c, a, b 求和
      weight[o, c, a, b] · x_padded[n, c, i·stride + a, j·stride + b]
  这是互相关，与 PyTorch 一致：卷积核不翻转。
- 输出的 dtype 和设备与 x 相同；梯度要能传到 x、weight 和 bias；不要修改输入。
- 不要对 batch、通道或输出位置写 Python 循环：把窗口切成列（im2col），然后与展平成
  `(O, C·kh·kw)` 的权重做一次矩阵乘法。允许使用 F.unfold（它生成这些列，顺序为 (C, kh, kw)，与
  weight.view(O, -1) 一致）、F.pad 和 Tensor.unfold；不允许使用 F.conv2d、nn.Conv2d 及其他内置卷积：
  这道题就是要你自己写。

示例:
    >>> x = torch.arange(1.0, 10.0).view(1, 1, 3, 3)       # [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    >>> weight = torch.tensor([[[[1.0, 0.0], [0.0, -1.0]]]])  # x[i, j] - x[i + 1, j + 1]
    >>> conv2d(x, weight, torch.tensor([0.5]))
    tensor([[[[-3.5000, -3.5000],
              [-3.5000, -3.5000]]]])
    >>> conv2d(x, weight, torch.tensor([0.5]), stride=2, padding=1)   # (3 + 2 - 2) // 2 + 1 = 2
    tensor([[[[-0.5000, -2.5000],
              [-6.5000, -3.5000]]]])
    # top-left window: rows -1..0, cols -1..0 of the padded x: 0·1 - x[0, 0] + 0.5 = -0.5
    # (a flipped kernel would give +4.5 in the first example)
"""
import torch
import torch.nn.functional as F


def conv2d(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None, stride: int = 1,
           padding: int = 0) -> torch.Tensor:
    # TODO: 输出大小，列 (N, C·kh·kw, H_out·W_out)，weight.view(O, -1) @ 列，加偏置，
    # 变形为 (N, O, H_out, W_out)（约 8 行）
    raise NotImplementedError
