from torch import nn


class _Residual(nn.Module):
    """Branch layers conv1, bn1, conv2, bn2, ... named in order; the last BN is left without ReLU."""

    def __init__(self, specs, in_channels, out_channels, stride):
        super().__init__()
        self.depth = len(specs)
        for i, (c_in, c_out, k, s) in enumerate(specs, 1):
            setattr(self, f"conv{i}", nn.Conv2d(c_in, c_out, k, s, k // 2, bias=False))
            setattr(self, f"bn{i}", nn.BatchNorm2d(c_out))
        if stride != 1 or in_channels != out_channels:
            self.downsample = nn.Sequential(nn.Conv2d(in_channels, out_channels, 1, stride, bias=False),
                                            nn.BatchNorm2d(out_channels))
        else:
            self.downsample = nn.Identity()
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        out = x
        for i in range(1, self.depth + 1):
            out = getattr(self, f"bn{i}")(getattr(self, f"conv{i}")(out))
            if i < self.depth:
                out = self.relu(out)
        out += self.downsample(x)
        return self.relu(out)


class BasicBlock(_Residual):
    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__([(in_channels, out_channels, 3, stride), (out_channels, out_channels, 3, 1)],
                         in_channels, out_channels, stride)


class Bottleneck(_Residual):
    expansion = 4

    def __init__(self, in_channels, width, stride=1):
        out = width * 4
        super().__init__([(in_channels, width, 1, 1), (width, width, 3, stride), (width, out, 1, 1)],
                         in_channels, out, stride)
