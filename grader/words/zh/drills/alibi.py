"""中文 text of the alibi drill."""
TEXT = {
    "2 heads, ALiBi's slopes":
        '2 个头，使用 ALiBi 的斜率',
    '2 queries after 2046 cached keys':
        '2046 个已缓存 key 之后的 2 个 query',
    '2^(-8i/n) holds only when n is a power of two. For n = 6: the 4-head slopes [2^-2, 2^-4, 2^-6, 2^-8], then the 8-head slopes at odd exponents, [2^-1, 2^-3].':
        '2^(-8i/n) 只在 n 是 2 的幂时成立。n = 6 时：先取 4 个头的斜率 [2^-2, 2^-4, 2^-6, 2^-8]，再取 8 个头的斜率中奇数指数的那些，[2^-1, 2^-3]。',
    '512 tokens, 8 heads':
        '512 个 token，8 个头',
    '6 heads (not a power of two), 3 queries after 4 cached keys':
        '6 个头（不是 2 的幂），4 个已缓存 key 之后的 3 个 query',
    'For a power of two n the slopes are 2^(-8/n) raised to 1, 2, ..., n: 2 ** (-8 * torch.arange(1, n + 1) / n). Head 0 gets the largest.':
        'n 是 2 的幂时，斜率是 2^(-8/n) 的 1, 2, ..., n 次方：2 ** (-8 * torch.arange(1, n + 1) / n)。第 0 个头的斜率最大。',
    'Otherwise take m = 2 ** floor(log2(n)): the m-head slopes, then slopes(2m)[0::2][:n - m] (every other one of twice as many heads, starting with the first). Check n = 6: [1/4, 1/16, 1/64, 1/256, 1/2, 1/8].':
        '否则取 m = 2 ** floor(log2(n))：先取 m 个头的斜率，再取 slopes(2m)[0::2][:n - m]（两倍头数的斜率从第一个开始隔一个取一个）。用 n = 6 验证：[1/4, 1/16, 1/64, 1/256, 1/2, 1/8]。',
    'S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)':
        'S_q > S_k：前 3 个 query 看不到任何 key（不评分，其余位置不能有 NaN）',
    'The bias needs the distance of each (query, key) pair: pos = arange(S_q)[:, None] + (S_k - S_q), distance = pos - arange(S_k)[None, :], (S_q, S_k), made on q.device.':
        '偏置需要每个 (query, key) 对的距离：pos = arange(S_q)[:, None] + (S_k - S_q)，distance = pos - arange(S_k)[None, :]，形状 (S_q, S_k)，在 q.device 上创建。',
    'arbitrary slopes':
        '任意斜率',
    'bias divided by sqrt(D) together with the scores: add it after the 1/sqrt(D) scaling':
        '偏置和分数一起除以了 sqrt(D)：应在 1/sqrt(D) 缩放之后再加偏置',
    'bias with the wrong sign: ALiBi subtracts slope · (i - j), so distant keys score lower':
        '偏置符号反了：ALiBi 减去 slope · (i - j)，距离越远的 key 分数越低',
    'causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)':
        '因果掩码左上对齐 (j <= i)，而不是右下对齐 (j <= i + S_k - S_q)',
    'large scores (|q·k| ~ 1e4): exp must not overflow':
        '很大的分数 (|q·k| ~ 1e4)：exp 不能溢出',
    'no causal mask: the bias penalises distant keys but does not hide future ones':
        '没有因果掩码：偏置只惩罚远处的 key，并不能遮住未来的 key',
    'one query (decoding) after 5 cached keys, one head':
        '5 个已缓存 key 之后的一个 query（解码），单个头',
    'scores = q @ k.transpose(-2, -1) / sqrt(D) - slopes[:, None, None] * distance (broadcast over the heads axis of (B, H, S_q, S_k)); then hide distance < 0 with -inf and softmax over the keys.':
        'scores = q @ k.transpose(-2, -1) / sqrt(D) - slopes[:, None, None] * distance（在 (B, H, S_q, S_k) 的注意力头维度上广播）；然后用 -inf 遮住 distance < 0 的位置，再沿 key 做 softmax。',
    'scores not scaled by 1/sqrt(D)':
        '分数没有乘 1/sqrt(D) 缩放',
    'slopes broadcast along the batch axis (slopes.view(-1, 1, 1, 1)): one slope per HEAD, slopes[:, None, None] against (B, H, S_q, S_k)':
        '斜率沿 batch 维度广播了 (slopes.view(-1, 1, 1, 1))：应是每个注意力头一个斜率，slopes[:, None, None] 对应 (B, H, S_q, S_k)',
    'slopes for a head count that is not a power of two: the first 2^k heads (2^k the largest power of two below n) take the 2^k-head slopes, the other n - 2^k take every other slope of 2^(k+1) heads (odd exponents 1, 3, 5, ...)':
        '头数不是 2 的幂时的斜率：前 2^k 个头（2^k 是小于 n 的最大的 2 的幂）取 2^k 个头的斜率，其余 n - 2^k 个头取 2^(k+1) 个头的斜率中隔一个取一个的值（奇数指数 1, 3, 5, ...）',
    'slopes in reverse order: head 0 takes the first of the sequence, 2^(-8/2^k)':
        '斜率顺序反了：第 0 个头取数列的第一项 2^(-8/2^k)',
    'slopes start at 2^(-8/n) for head 0 (exponents 1..n), not at 2^0 = 1':
        '第 0 个头的斜率从 2^(-8/n) 开始（指数 1..n），而不是 2^0 = 1',
    "softmax(s + c) = softmax(s) for a c shared by a query's keys: a bias of -slope · i changes nothing. Use the distance i - j, a (S_q, S_k) matrix.":
        '对一个 query 的所有 key 共享的常数 c，softmax(s + c) = softmax(s)：-slope · i 这样的偏置毫无作用。要用距离 i - j，一个 (S_q, S_k) 的矩阵。',
    'the batch and the heads':
        'batch 大小和注意力头数',
    'the bias does not vary along the keys (put on the query axis, or missing): a constant per query cancels in the softmax; it must be -slope · (i - j) for key j':
        '偏置不随 key 变化（加在了 query 维度上，或者根本没加）：每个 query 的常数会在 softmax 中抵消；对 key j 偏置必须是 -slope · (i - j)',
    "the prompt's example":
        '题目中的示例',
}
