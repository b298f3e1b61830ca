"""中文 text of the layernorm drill."""
TEXT = {
    '3-D input, eps = 1e-3':
        '三维输入，eps = 1e-3',
    'Centre first: var = ((x - mean) ** 2).mean(-1, keepdim=True).':
        '先中心化：var = ((x - mean) ** 2).mean(-1, keepdim=True)。',
    "LayerNorm with the unbiased variance (divided by d - 1; torch.var's default)":
        'LayerNorm 用了无偏方差（除以 d - 1；torch.var 的默认行为）',
    'Reduce over the last dim only, with keepdim=True, so mean and var broadcast back against x.':
        '只沿最后一维归约，并用 keepdim=True，这样 mean 和 var 能广播回 x。',
    'Squares of values above ~256 overflow float16: h = x.float(), normalise h, then .to(x.dtype) at the end.':
        '大于约 256 的值平方后会使 float16 溢出：h = x.float()，对 h 做归一化，最后再 .to(x.dtype)。',
    'The variance is biased: ((x - mean) ** 2).mean(-1) — torch.var divides by d - 1 unless told unbiased=False (correction=0).':
        '方差是有偏的：((x - mean) ** 2).mean(-1)——torch.var 默认除以 d - 1，除非指定 unbiased=False（correction=0）。',
    'a large common offset: 1000 + N(0, 1)':
        '很大的公共偏移：1000 + N(0, 1)',
    'a large negative offset: -3000 + N(0, 25)':
        '很大的负偏移：-3000 + N(0, 25)',
    'a square (4, 4) input: a statistic without keepdim broadcasts along the wrong axis':
        '方阵 (4, 4) 输入：不带 keepdim 的统计量会沿错误的维度广播',
    'adding {0} to every input changed the output by {1}; LayerNorm subtracts the mean, so a constant shift must not matter':
        '给每个输入加 {0}，输出变了 {1}；LayerNorm 会减去均值，所以常数平移不应有影响',
    'constant rows':
        '常数行',
    'd = 1: the variance is 0':
        'd = 1：方差为 0',
    'eps added to the standard deviation instead of inside the square root':
        'eps 加在了标准差上，而不是平方根里面',
    'h = x.float(); mean = h.mean(-1, keepdim=True); var = (h - mean).pow(2).mean(-1, keepdim=True); return ((h - mean) * torch.rsqrt(var + self.eps) * self.weight + self.bias).to(x.dtype)':
        'h = x.float(); mean = h.mean(-1, keepdim=True); var = (h - mean).pow(2).mean(-1, keepdim=True); return ((h - mean) * torch.rsqrt(var + self.eps) * self.weight + self.bias).to(x.dtype)',
    'long rows':
        '很长的行',
    'mean and variance without keepdim=True: they broadcast along the wrong axis':
        '均值和方差没有用 keepdim=True：它们沿错误的维度广播',
    'nn.LayerNorm divides by d: ((x - mean) ** 2).mean(-1), or x.var(-1, unbiased=False).':
        'nn.LayerNorm 除以 d：((x - mean) ** 2).mean(-1)，或 x.var(-1, unbiased=False)。',
    'one vector (no leading dim), eps = 0.1':
        '单个向量（没有前置维度），eps = 0.1',
    'shift invariance':
        '平移不变性',
    'statistics computed in float16/bfloat16: compute them in float32 and cast back':
        '统计量用 float16/bfloat16 计算：应该用 float32 算，再转回原 dtype',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'tiny inputs: variance near eps':
        '极小的输入：方差接近 eps',
    'values in the hundreds: x² overflows float16':
        '数百量级的值：x² 使 float16 溢出',
    'variance as E[x²] - E[x]², which cancels catastrophically when |mean| >> std':
        '用 E[x²] - E[x]² 算方差，|mean| >> std 时会发生灾难性抵消',
    'weight and bias not applied':
        '没有乘 weight、加 bias',
    'x normalised in place (x -= mean): work on new tensors':
        '原地归一化了 x（x -= mean）：应在新张量上计算',
}
