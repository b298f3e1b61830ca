"""残差块 ResNet BasicBlock and Bottleneck

实现 ResNet（He et al. 2015）的两种残差块，与 torchvision 的实现一致
（torchvision.models.resnet.BasicBlock 和 Bottleneck，即 "ResNet v1.5"）。使用 nn.Conv2d 和
nn.BatchNorm2d（eps 1e-5，即默认值）；所有卷积都 bias=False，3x3 卷积的 padding 为 1。
评分器会载入自己的权重和 BatchNorm 统计量，在 eval() 模式下检查前向输出，以及 x 和每个参数的梯度。

`BasicBlock(in_channels, out_channels, stride=1)`，用于 ResNet-18/34：
      out = relu(bn1(conv1(x)))          conv1: 3x3, in_channels -> out_channels, STRIDE here
      out = bn2(conv2(out))              conv2: 3x3, out_channels -> out_channels, stride 1
      return relu(out + shortcut(x))     ReLU AFTER the addition

`Bottleneck(in_channels, width, stride=1)`，用于 ResNet-50/101/152，带类属性
`expansion = 4`，out_channels = 4 · width：
      out = relu(bn1(conv1(x)))          conv1: 1x1, in_channels -> width
      out = relu(bn2(conv2(out)))        conv2: 3x3, width -> width, STRIDE here (on the 3x3,
                                         not on the first 1x1 as in the original paper)
      out = bn3(conv3(out))              conv3: 1x1, width -> 4 · width
      return relu(out + shortcut(x))

当 stride == 1 且 in_channels == out_channels 时，shortcut(x) 就是 x 本身；否则是投影
`downsample = nn.Sequential(nn.Conv2d(in_channels, out_channels, 1, stride,
bias=False), nn.BatchNorm2d(out_channels))`，即带 BatchNorm 的 1x1 卷积。没有投影时，
块里完全没有 `downsample` 参数（设 `self.downsample = None`）。

参数名和形状是固定的（评分器用 strict=True 载入 state_dict）：
    BasicBlock:  conv1.weight (out, in, 3, 3), bn1.*, conv2.weight (out, out, 3, 3), bn2.*,
                 and with a projection downsample.0.weight (out, in, 1, 1), downsample.1.*
    Bottleneck:  conv1.weight (width, in, 1, 1), bn1.*, conv2.weight (width, width, 3, 3),
                 bn2.*, conv3.weight (4·width, width, 1, 1), bn3.*, and downsample.0 / .1
    (bn*.* being nn.BatchNorm2d's weight, bias, running_mean, running_var, num_batches_tracked)

输入 `(N, in_channels, H, W)`；输出 `(N, out_channels, (H − 1) // stride + 1,
(W − 1) // stride + 1)`，dtype 和设备与 x 相同。不能修改 x（在新张量上做 in-place ReLU
没问题）。不能使用 torchvision 自带的残差块。

示例:
    >>> block = BasicBlock(4, 8, stride=2).eval()
    >>> block(torch.randn(2, 4, 7, 7)).shape
    torch.Size([2, 8, 4, 4])
    >>> [name for name, _ in block.named_parameters()]
    ['conv1.weight', 'bn1.weight', 'bn1.bias', 'conv2.weight', 'bn2.weight', 'bn2.bias',
     'downsample.0.weight', 'downsample.1.weight', 'downsample.1.bias']
    >>> Bottleneck(16, 4).eval()(torch.randn(1, 16, 5, 5)).shape    # 16 == 4 · 4: no projection
    torch.Size([1, 16, 5, 5])
"""
import torch
from torch import nn


class BasicBlock(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, stride: int = 1):
        # TODO: super().__init__()、conv1、bn1、conv2、bn2，以及 downsample（投影或 None）
        # （约 8 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: conv-bn-relu，conv-bn，加上 shortcut，再 relu（约 4 行）
        raise NotImplementedError


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, in_channels: int, width: int, stride: int = 1):
        # TODO: super().__init__()、conv1（1x1）、bn1、conv2（3x3，带 stride）、bn2、conv3（1x1）、bn3，
        # 以及 downsample（约 10 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 1x1、3x3、1x1，每个后接 BN（前两个之后接 ReLU），加上 shortcut，再 relu
        # （约 5 行）
        raise NotImplementedError
