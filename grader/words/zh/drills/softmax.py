"""中文 text of the softmax drill."""
TEXT = {
    'Now the log-softmax, stable for logits near 1e4, without calling softmax.':
        '现在写 log-softmax：logits 接近 1e4 时也要数值稳定，而且不能调用 softmax。',
    'Take the max with keepdim=True, so the result broadcasts back against x along `dim`.':
        '取最大值时用 keepdim=True，这样结果能沿 `dim` 广播回 x。',
    'Use `dim` everywhere: x.amax(dim, keepdim=True) and .sum(dim, keepdim=True).':
        '处处都用 `dim`：x.amax(dim, keepdim=True) 和 .sum(dim, keepdim=True)。',
    'all equal':
        '全部相等',
    'dim left to its default (-1)':
        'dim 取默认值 (-1)',
    'dim=0':
        'dim=0',
    'exp(1000) is inf in float32: subtract the max along `dim` first (softmax(x) = softmax(x - c)).':
        'float32 下 exp(1000) 是 inf：先沿 `dim` 减去最大值（softmax(x) = softmax(x - c)）。',
    'length-1 axis':
        '长度为 1 的维度',
    'logits near -1e4 along dim 0':
        '沿第 0 维接近 -1e4 的 logits',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    'logits ±1000':
        '±1000 的 logits',
    'long rows':
        '很长的行',
    'max taken over the whole tensor instead of along `dim`':
        '对整个张量取最大值，而不是沿 `dim` 取',
    'softmax over a hard-coded axis (ignores `dim`)':
        '在写死的维度上做 softmax（忽略了 `dim`）',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    'softmax(x) = softmax(x - c) for any constant c along `dim`: pick c so exp never overflows.':
        '对沿 `dim` 的任意常数 c，softmax(x) = softmax(x - c)：选一个 c，让 exp 永远不溢出。',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'x.max() is one number for the whole tensor: far-apart rows underflow to 0/0. Take x.amax(dim, keepdim=True).':
        'x.max() 是整个张量的一个数：相差很远的行会下溢成 0/0。请用 x.amax(dim, keepdim=True)。',
    'z = x - x.amax(dim, keepdim=True); e = z.exp(); return e / e.sum(dim, keepdim=True)':
        'z = x - x.amax(dim, keepdim=True); e = z.exp(); return e / e.sum(dim, keepdim=True)',
}
