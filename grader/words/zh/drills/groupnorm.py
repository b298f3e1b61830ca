"""中文 text of the groupnorm drill."""
TEXT = {
    '(N, C) with no spatial dims':
        '(N, C)，没有空间维度',
    'Group g is the consecutive channels g·C/G .. (g+1)·C/G - 1, so x.reshape(N, G, -1) puts each (sample, group) in one row: its channels and all their positions.':
        '第 g 组是连续的通道 g·C/G .. (g+1)·C/G - 1，所以 x.reshape(N, G, -1) 会把每个（样本，组）放进一行：即该组的各通道及其所有位置。',
    'GroupNorm shares the statistics within a group, but scales and shifts every channel on its own: nn.Parameter(torch.ones(num_channels)) and torch.zeros(num_channels).':
        'GroupNorm 在组内共享统计量，但每个通道单独缩放和平移：nn.Parameter(torch.ones(num_channels)) 和 torch.zeros(num_channels)。',
    'Statistics of that last dim with keepdim=True: mean, then the biased variance ((h - mean) ** 2).mean(-1); normalise with (h - mean) / sqrt(var + eps), and view the result back as x.shape.':
        '沿最后一维用 keepdim=True 求统计量：先求均值，再求有偏方差 ((h - mean) ** 2).mean(-1)；用 (h - mean) / sqrt(var + eps) 归一化，再把结果 view 回 x.shape。',
    'The affine is per channel: weight.view(1, C, 1, ...) with one 1 per spatial dim, i.e. shape = (1, C) + (1,) * (x.dim() - 2); return y * weight.view(shape) + bias.view(shape).':
        '仿射变换按通道进行：weight.view(1, C, 1, ...)，每个空间维度对应一个 1，即 shape = (1, C) + (1,) * (x.dim() - 2)；return y * weight.view(shape) + bias.view(shape)。',
    'a large common offset: 1000 + N(0, 1)':
        '很大的公共偏移：1000 + N(0, 1)',
    'a large negative offset: -3000 + N(0, 25)':
        '很大的负偏移：-3000 + N(0, 25)',
    'affine per group: weight and bias have one value per CHANNEL, shape (num_channels,)':
        '仿射变换按组做了：weight 和 bias 是每个通道一个值，形状为 (num_channels,)',
    'changing channel 0 (group 0) changed the outputs of channels {0}..{1} (the other groups) by {2}: each group of {3} consecutive channels is normalised on its own':
        '改变通道 0（第 0 组）使通道 {0}..{1}（其他组）的输出变化了 {2}：每组 {3} 个连续通道应单独归一化',
    'constant groups: the variance is 0':
        '组内取值恒定：方差为 0',
    'eps added to the standard deviation instead of inside the square root':
        'eps 加在了标准差上，而不是加在平方根里面',
    "expected a tensor of x's shape {0}":
        '应返回与 x 形状相同的张量 {0}',
    'groups normalised independently':
        '各组独立归一化',
    'groups of strided channels (g, g + G, g + 2G, ...): group g is the consecutive channels g·C/G .. (g+1)·C/G - 1, x.reshape(N, G, -1)':
        '按步长分组的通道（g, g + G, g + 2G, ...）：第 g 组是连续的通道 g·C/G .. (g+1)·C/G - 1，x.reshape(N, G, -1)',
    'images (2, 6, 3, 3), 3 groups of 2 channels':
        '图像 (2, 6, 3, 3)，3 组、每组 2 个通道',
    'long groups (2 channels of 4096 positions)':
        '很长的组（2 个通道、每个 4096 个位置）',
    'nn.GroupNorm divides by the count: ((h - mean) ** 2).mean(-1), or h.var(-1, unbiased=False).':
        'nn.GroupNorm 除以的是元素个数：((h - mean) ** 2).mean(-1)，或 h.var(-1, unbiased=False)。',
    'one channel per group':
        '每组一个通道',
    'one group: the whole sample':
        '只有一组：整个样本',
    'one sample, one position, eps = 0.1':
        '一个样本、一个位置，eps = 0.1',
    'sequences (3, 6, 5), 2 groups of 3 channels':
        '序列 (3, 6, 5)，2 组、每组 3 个通道',
    'statistics over all the channels of a sample (one group, a LayerNorm) instead of over each group':
        '在样本的所有通道上求统计量（只有一组，相当于 LayerNorm），而不是在每组上求',
    'statistics over the batch too: each sample is normalised on its own':
        '统计量连 batch 维也算进去了：每个样本应单独归一化',
    'statistics per channel (InstanceNorm) instead of over each group of C / G channels':
        '按通道求统计量（InstanceNorm），而不是在每组 C / G 个通道上求',
    "the prompt's example":
        '题目中的示例',
    'the samples and the groups':
        '样本数和组数',
    "the unbiased variance (divided by count - 1; torch.var's default)":
        '用了无偏方差（除以 count - 1；torch.var 的默认行为）',
    'three spatial dims, eps = 1e-3':
        '三个空间维度，eps = 1e-3',
    'tiny inputs: variance near eps':
        '极小的输入：方差接近 eps',
    'weight and bias not applied':
        '没有乘 weight、加 bias',
    'x normalised in place (on a view of x): work on new tensors':
        '原地归一化了 x（在 x 的视图上）：请在新张量上计算',
    'samples normalised independently':
        '每个样本各自归一化',
}
