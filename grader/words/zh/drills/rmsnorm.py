"""中文 text of the rmsnorm drill."""
TEXT = {
    '3-D input with a non-zero mean':
        '均值不为零的三维输入',
    'RMSNorm is LayerNorm without the mean: no centring and no bias, only x / rms(x) * weight.':
        'RMSNorm 就是去掉均值的 LayerNorm：不中心化，没有 bias，只有 x / rms(x) * weight。',
    'Reduce x² over the last dim with keepdim=True, add eps, then take the root; torch.rsqrt does both the root and the division.':
        '沿最后一维对 x² 归约（keepdim=True），加上 eps，再开方；torch.rsqrt 一步完成开方和求倒数。',
    'a square (4, 4) input: a statistic without keepdim broadcasts along the wrong axis':
        '方阵 (4, 4) 输入：不带 keepdim 的统计量会沿错误的维度广播',
    'all zeros':
        '全零',
    'd = 1: x / sqrt(mean(x²) + eps) is just under ±1, exactly ±1 without eps':
        'd = 1：x / sqrt(mean(x²) + eps) 略小于 ±1，没有 eps 时正好是 ±1',
    'eps added to the root instead of inside it':
        'eps 加在了平方根外面，而不是里面',
    'eps left out: x / sqrt(mean(x²)) is exactly ±1 at d = 1 and 0/0 = NaN on a row of zeros':
        '漏了 eps：d = 1 时 x / sqrt(mean(x²)) 正好是 ±1，全零行上是 0/0 = NaN',
    'h = x.float(); y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps); return (y * self.weight).to(x.dtype)':
        'h = x.float(); y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps); return (y * self.weight).to(x.dtype)',
    'long rows':
        '很长的行',
    'mean of squares computed in float16/bfloat16: compute it in float32 and cast back':
        '平方的均值用 float16/bfloat16 计算：应该用 float32 算，再转回原 dtype',
    'mean of squares without keepdim=True: it broadcasts along the wrong axis':
        '平方的均值没有用 keepdim=True：它沿错误的维度广播',
    'multiplying the input by 8 changed the output by {0}; dividing by the root mean square makes RMSNorm(c·x) = RMSNorm(x) when mean(x²) >> eps':
        '把输入乘以 8，输出变了 {0}；除以均方根使得 mean(x²) >> eps 时 RMSNorm(c·x) = RMSNorm(x)',
    'one vector (no leading dim), eps = 1e-2':
        '单个向量（没有前置维度），eps = 1e-2',
    'scale invariance':
        '缩放不变性',
    'sum of squares instead of their mean (divide by d)':
        '用了平方和而不是平方的均值（要除以 d）',
    'the mean subtracted first: that is LayerNorm, RMSNorm does not centre':
        '先减去了均值：那是 LayerNorm，RMSNorm 不做中心化',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'tiny inputs: mean of squares near eps':
        '极小的输入：平方的均值接近 eps',
    'values in the hundreds: x² overflows float16':
        '数百量级的值：x² 使 float16 溢出',
    'values near ±1e4':
        '接近 ±1e4 的值',
    'weight not applied':
        '没有乘 weight',
    'x normalised in place: work on new tensors':
        '原地归一化了 x：应在新张量上计算',
    'x² overflows float16 above ~256: h = x.float(), normalise h, then .to(x.dtype).':
        '大于约 256 时 x² 会使 float16 溢出：h = x.float()，对 h 做归一化，再 .to(x.dtype)。',
}
