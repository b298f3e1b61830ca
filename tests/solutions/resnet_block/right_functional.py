import torch.nn.functional as F
from torch import nn


def conv_bn(x, conv, bn, stride=1, padding=0):
    y = F.conv2d(x, conv.weight, None, stride, padding)
    return F.batch_norm(y, bn.running_mean, bn.running_var, bn.weight, bn.bias, bn.training, bn.momentum, bn.eps)


def projection(in_channels, out_channels, stride):
    if stride == 1 and in_channels == out_channels:
        return None
    return nn.ModuleList([nn.Conv2d(in_channels, out_channels, 1, bias=False), nn.BatchNorm2d(out_channels)])


class BasicBlock(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__()
        self.stride = stride
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = projection(in_channels, out_channels, stride)

    def forward(self, x):
        h = conv_bn(x, self.conv1, self.bn1, self.stride, 1).clamp(min=0)
        h = conv_bn(h, self.conv2, self.bn2, 1, 1)
        if self.downsample is not None:
            x = conv_bn(x, self.downsample[0], self.downsample[1], self.stride)
        return (h + x).clamp(min=0)


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, in_channels, width, stride=1):
        super().__init__()
        self.stride = stride
        self.conv1 = nn.Conv2d(in_channels, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, width * self.expansion, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(width * self.expansion)
        self.downsample = projection(in_channels, width * self.expansion, stride)

    def forward(self, x):
        h = conv_bn(x, self.conv1, self.bn1).clamp(min=0)
        h = conv_bn(h, self.conv2, self.bn2, self.stride, 1).clamp(min=0)
        h = conv_bn(h, self.conv3, self.bn3)
        if self.downsample is not None:
            x = conv_bn(x, self.downsample[0], self.downsample[1], self.stride)
        return (h + x).clamp(min=0)
