"""中文 text of the log_softmax drill."""
TEXT = {
    'Never take the log of a probability: x - m - log(sum(exp(x - m))) is finite wherever x is.':
        '绝不要对概率取对数：只要 x 有限，x - m - log(sum(exp(x - m))) 就有限。',
    'Use `dim` everywhere: x.amax(dim, keepdim=True) and .sum(dim, keepdim=True).':
        '处处都用 `dim`：x.amax(dim, keepdim=True) 和 .sum(dim, keepdim=True)。',
    'all equal':
        '全部相等',
    'all logits near +1e4: exp overflows':
        'logits 全部接近 +1e4：exp 上溢',
    'all logits near -1e4: exp underflows':
        'logits 全部接近 -1e4：exp 下溢',
    'dim left to its default (-1)':
        'dim 取默认值 (-1)',
    'dim=-2':
        'dim=-2',
    'dim=0':
        'dim=0',
    'exact far below the max':
        '远低于最大值时仍然精确',
    'exp of the output sums to {0} along dim={1}, not 1':
        '输出取 exp 后沿 dim={1} 的和是 {0}，不是 1',
    'exp sums to 1':
        'exp 之和为 1',
    'length-1 axis':
        '长度为 1 的维度',
    'log(softmax(x)): a probability that underflows to 0 gives log(0) = -inf, and clamping it gives a wrong finite floor; stay in log space (x - max - log(sum(exp(x - max))))':
        'log(softmax(x))：下溢为 0 的概率得到 log(0) = -inf，截断它又会得到一个错误的有限下限；始终在对数空间里算（x - max - log(sum(exp(x - max)))）',
    'log(sum(exp(x))) = m + log(sum(exp(x - m))): the result is (x - m) - log(sum(exp(x - m))).':
        'log(sum(exp(x))) = m + log(sum(exp(x - m)))：结果是 (x - m) - log(sum(exp(x - m)))。',
    'log(sum_j exp(x_j)) = m + log(sum_j exp(x_j - m)) for any m. With m = max_j x_j every exp is <= 1 (no overflow) and the sum is >= 1 (its log is finite). Never take log of a probability that may have underflowed to 0.':
        '对任意 m，log(sum_j exp(x_j)) = m + log(sum_j exp(x_j - m))。取 m = max_j x_j，每个 exp 都 <= 1（不会上溢），且和 >= 1（其对数有限）。绝不要对可能已下溢为 0 的概率取对数。',
    'log-softmax over a hard-coded axis (ignores `dim`)':
        '在写死的维度上做 log-softmax（忽略了 `dim`）',
    'log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when every logit is very negative':
        'log-softmax 没有减去最大值：logits 很大时 exp 上溢为 inf，所有 logit 都很负时下溢为 0（log(0) = -inf）',
    'log_softmax(x)_i = x_i - log(sum_j exp(x_j)): the whole job is computing that log-sum-exp safely.':
        'log_softmax(x)_i = x_i - log(sum_j exp(x_j))：全部工作就是安全地算出这个 log-sum-exp。',
    'logits near -1e4 along dim 0':
        '沿第 0 维接近 -1e4 的 logits',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    "logits ±1000 (the prompt's second example)":
        '±1000 的 logits（题目中的第二个示例）',
    'long rows':
        '很长的行',
    'max taken over the whole tensor instead of along `dim`: rows far below it underflow to log(0)':
        '对整个张量取最大值，而不是沿 `dim` 取：远低于它的行会下溢成 log(0)',
    'rows 1000 apart':
        '相差 1000 的行',
    'the max subtracted but not added back: x - log(sum(exp(x - max))) is off by the max':
        '减去了最大值却没有加回来：x - log(sum(exp(x - max))) 差了一个最大值',
    'the output should be a tensor, got {0}':
        '输出应该是张量，得到的是 {0}',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'z = x - x.amax(dim, keepdim=True); return z - z.exp().sum(dim, keepdim=True).log()':
        'z = x - x.amax(dim, keepdim=True); return z - z.exp().sum(dim, keepdim=True).log()',
    '{0}: every entry far below the max gets the same floor {1}, the log of a clamped probability':
        '{0}：远低于最大值的每个元素都得到同一个下限 {1}，即截断后概率的对数',
    '{0}: exp(-1000) underflows to 0 and log(0) = -inf':
        '{0}：exp(-1000) 下溢为 0，而 log(0) = -inf',
    "{0}: log p of an entry far below the max is that entry minus the row's log-sum-exp (0 here)":
        '{0}：远低于最大值的元素，其 log p 等于它减去该行的 log-sum-exp（这里是 0）',
    'log_softmax({0}) gave {1}, expected the logits themselves (to 1e-13)':
        'log_softmax({0}) 得到 {1}，期望正是 logits 本身（精确到 1e-13）',
}
