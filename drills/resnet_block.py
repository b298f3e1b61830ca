"""ResNet BasicBlock and Bottleneck 残差块

Write the two residual blocks of ResNet (He et al. 2015), as torchvision builds them
(torchvision.models.resnet.BasicBlock and Bottleneck, "ResNet v1.5"). Use nn.Conv2d and
nn.BatchNorm2d (eps 1e-5, their defaults); every conv has bias=False, and 3x3 convs have
padding 1. The grader loads its own weights and BatchNorm statistics and grades forward in
eval() mode, with the gradients of x and of every parameter.

`BasicBlock(in_channels, out_channels, stride=1)`, used by ResNet-18/34:
      out = relu(bn1(conv1(x)))          conv1: 3x3, in_channels -> out_channels, STRIDE here
      out = bn2(conv2(out))              conv2: 3x3, out_channels -> out_channels, stride 1
      return relu(out + shortcut(x))     ReLU AFTER the addition

`Bottleneck(in_channels, width, stride=1)`, used by ResNet-50/101/152, with
`expansion = 4` (a class attribute) and out_channels = 4 · width:
      out = relu(bn1(conv1(x)))          conv1: 1x1, in_channels -> width
      out = relu(bn2(conv2(out)))        conv2: 3x3, width -> width, STRIDE here (on the 3x3,
                                         not on the first 1x1 as in the original paper)
      out = bn3(conv3(out))              conv3: 1x1, width -> 4 · width
      return relu(out + shortcut(x))

shortcut(x) is x itself when stride == 1 and in_channels == out_channels; otherwise the
projection `downsample = nn.Sequential(nn.Conv2d(in_channels, out_channels, 1, stride,
bias=False), nn.BatchNorm2d(out_channels))`, a 1x1 conv WITH BatchNorm. Without a projection
the block has no `downsample` parameters at all (set `self.downsample = None`).

Parameter names and shapes are fixed (the grader loads a state_dict with strict=True):
    BasicBlock:  conv1.weight (out, in, 3, 3), bn1.*, conv2.weight (out, out, 3, 3), bn2.*,
                 and with a projection downsample.0.weight (out, in, 1, 1), downsample.1.*
    Bottleneck:  conv1.weight (width, in, 1, 1), bn1.*, conv2.weight (width, width, 3, 3),
                 bn2.*, conv3.weight (4·width, width, 1, 1), bn3.*, and downsample.0 / .1
    (bn*.* being nn.BatchNorm2d's weight, bias, running_mean, running_var, num_batches_tracked)

Input `(N, in_channels, H, W)`; output `(N, out_channels, (H − 1) // stride + 1,
(W − 1) // stride + 1)` with x's dtype and device. x is not modified (an in-place ReLU on a
new tensor is fine). torchvision's own blocks may not be used.

Example:
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
        # TODO: super().__init__(), conv1, bn1, conv2, bn2, and downsample (a projection or None)
        # (about 8 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: conv-bn-relu, conv-bn, add the shortcut, relu (about 4 lines)
        raise NotImplementedError


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, in_channels: int, width: int, stride: int = 1):
        # TODO: super().__init__(), conv1 (1x1), bn1, conv2 (3x3, stride), bn2, conv3 (1x1), bn3,
        # and downsample (about 10 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 1x1, 3x3, 1x1 each with BN (ReLU after the first two), add the shortcut, relu
        # (about 5 lines)
        raise NotImplementedError
