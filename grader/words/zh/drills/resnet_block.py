"""中文 text of the resnet_block drill."""
TEXT = {
    '16 -> 32 channels on a 12x12 image':
        '12x12 图像上 16 -> 32 通道',
    '3 -> 8 channels at stride 1: a projection':
        'stride 1 下 3 -> 8 通道：需要投影',
    '32 -> 32 channels at stride 2 on a 10x10 image':
        '10x10 图像上 stride 2、32 -> 32 通道',
    'BasicBlock: conv1 = nn.Conv2d(in, out, 3, stride, 1, bias=False), conv2 = nn.Conv2d(out, out, 3, 1, 1, bias=False), each followed by its nn.BatchNorm2d. Bottleneck: 1x1 (in -> width), 3x3 (width -> width, stride), 1x1 (width -> 4·width).':
        'BasicBlock：conv1 = nn.Conv2d(in, out, 3, stride, 1, bias=False)，conv2 = nn.Conv2d(out, out, 3, 1, 1, bias=False)，各自后接一个 nn.BatchNorm2d。Bottleneck：1x1 (in -> width)，3x3 (width -> width, stride)，1x1 (width -> 4·width)。',
    "Leave the last BatchNorm's output as it is, add the shortcut, then ReLU the sum.":
        '最后一个 BatchNorm 的输出保持原样，加上 shortcut，再对和做 ReLU。',
    'ReLU before the addition: the residual branch ends in BatchNorm, and the ReLU comes after out + shortcut':
        '在相加之前做了 ReLU：残差分支以 BatchNorm 结尾，ReLU 应在 out + shortcut 之后',
    'The projection exists only when stride != 1 or in_channels != out_channels: self.downsample = nn.Sequential(nn.Conv2d(in, out, 1, stride, bias=False), nn.BatchNorm2d(out)); otherwise self.downsample = None.':
        '只有 stride != 1 或 in_channels != out_channels 时才有投影：self.downsample = nn.Sequential(nn.Conv2d(in, out, 1, stride, bias=False), nn.BatchNorm2d(out))；否则 self.downsample = None。',
    'a 1x1 image':
        '1x1 的图像',
    'a ReLU inside the residual branch is missing: after bn1 (and after bn2 in a Bottleneck)':
        '残差分支内少了一个 ReLU：bn1 之后（Bottleneck 中 bn2 之后也要）',
    'a wider block at stride 1: a projection':
        'stride 1 下变宽的块：需要投影',
    'forward: out = F.relu(self.bn1(self.conv1(x))); ...; out = self.bn2(self.conv2(out)) with NO ReLU yet; shortcut = x if self.downsample is None else self.downsample(x); return F.relu(out + shortcut).':
        'forward：out = F.relu(self.bn1(self.conv1(x)))；...；out = self.bn2(self.conv2(out))，这里还不做 ReLU；shortcut = x if self.downsample is None else self.downsample(x)；return F.relu(out + shortcut)。',
    'identity shortcut, stride left out':
        '恒等 shortcut，stride 取默认值',
    'inputs near ±1000':
        '接近 ±1000 的输入',
    'no ReLU after the addition: return relu(out + shortcut)':
        '相加之后没有 ReLU：应 return relu(out + shortcut)',
    'stride 2 with the same width 8: a projection all the same':
        'stride 2、宽度同为 8：仍然需要投影',
    'stride 2 with the same width: a projection all the same':
        'stride 2、宽度不变：仍然需要投影',
    'stride 2, 8 -> 16 channels':
        'stride 2，8 -> 16 通道',
    'stride 3 on a 7x5 image: 3x2 outputs':
        '7x5 图像上 stride 3：输出 3x2',
    "stride on the first 1x1 conv (the original paper's ResNet v1): torchvision's v1.5 strides the 3x3 (conv2), which sees every pixel":
        'stride 放在第一个 1x1 卷积上（原论文的 ResNet v1）：torchvision 的 v1.5 把 stride 放在 3x3 卷积（conv2）上，它能看到每个像素',
    'stride on the second 3x3 conv: a BasicBlock strides its FIRST conv (conv1) and the 1x1 projection':
        'stride 放在第二个 3x3 卷积上：BasicBlock 的 stride 应在第一个卷积（conv1）和 1x1 投影上',
    'the projection shortcut without its BatchNorm: downsample is a 1x1 conv AND a BatchNorm2d':
        '投影 shortcut 缺了 BatchNorm：downsample 是一个 1x1 卷积加一个 BatchNorm2d',
    "the prompt's example: 16 == 4 · 4, the identity shortcut":
        '题目中的示例：16 == 4 · 4，恒等 shortcut',
    "the prompt's example: stride 2 and 4 -> 8 channels":
        '题目中的示例：stride 2，4 -> 8 通道',
}
