"""中文 text of the kl_divergence drill."""
TEXT = {
    '5 rows of 7 classes':
        '5 行，每行 7 个类别',
    'KL(p ‖ p) = 0':
        'KL(p ‖ p) = 0',
    'KL(p ‖ p) should be 0 (q_logits = p_logits + 5, the same distribution), got {0}':
        'KL(p ‖ p) 应为 0（q_logits = p_logits + 5，是同一个分布），得到的是 {0}',
    'KL(p ‖ q) = sum_c p_c (log p_c - log q_c), an expectation under p: the weights are p, the first argument.':
        'KL(p ‖ q) = sum_c p_c (log p_c - log q_c)，是在 p 下的期望：权重是第一个参数 p。',
    'Stay in log space: log p = z - log(sum(exp(z))) with z = x - max, finite wherever x is.':
        '始终在对数空间里算：log p = z - log(sum(exp(z)))，其中 z = x - max，只要 x 有限它就有限。',
    'Work with log-probabilities: log_softmax(x) = x - logsumexp(x). Subtract the row max first: z = x - x.amax(-1, keepdim=True); log p = z - z.exp().sum(-1, keepdim=True).log().':
        '用对数概率计算：log_softmax(x) = x - logsumexp(x)。先减去每行最大值：z = x - x.amax(-1, keepdim=True)；log p = z - z.exp().sum(-1, keepdim=True).log()。',
    'a divergence is negative: {0}; KL(p ‖ q) >= 0 (weight by p, the first argument)':
        '有散度为负：{0}；KL(p ‖ q) >= 0（用第一个参数 p 加权）',
    "adding a constant to each row's logits changed the result by {0}: softmax ignores such a shift, so KL must too":
        '给每行 logits 加一个常数，结果变了 {0}：softmax 不受这种平移影响，KL 也不应受影响',
    'changing row 0 of p_logits changed the result of other rows: each row is a divergence of its own':
        '改动 p_logits 的第 0 行，其他行的结果也变了：每一行是各自独立的散度',
    'cross-entropy -sum p log q, not KL: the entropy term sum p log p is missing':
        '算成了交叉熵 -sum p log q，而不是 KL：缺了熵项 sum p log p',
    'direction swapped: computed KL(q ‖ p); the expectation is under p, the first argument':
        '方向反了：算的是 KL(q ‖ p)；期望应在第一个参数 p 下取',
    'log p - log q summed without the weights p':
        '对 log p - log q 求和时没有乘权重 p',
    'log(softmax(x)) instead of log-softmax: probabilities that underflow to 0 give log(0) = -inf (and 0 · -inf = NaN); use x - logsumexp(x)':
        '用 log(softmax(x)) 代替 log-softmax：下溢为 0 的概率得到 log(0) = -inf（且 0 · -inf = NaN）；应该用 x - logsumexp(x)',
    'log(softmax(x)) is not the same in float32: a probability that underflows to 0 gives log(0) = -inf and 0 · -inf = NaN.':
        '在 float32 下 log(softmax(x)) 并不等价：下溢为 0 的概率得到 log(0) = -inf，而 0 · -inf = NaN。',
    "log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when a row's logits are all very negative":
        'log-softmax 没有减去最大值：logits 很大时 exp 上溢为 inf，一行 logits 都很负时下溢为 0（log(0) = -inf）',
    'log_p, log_q = ..., ...; return (log_p.exp() * (log_p - log_q)).sum(-1)':
        'log_p, log_q = ..., ...; return (log_p.exp() * (log_p - log_q)).sum(-1)',
    'logits near +1000: exp overflows':
        'logits 接近 +1000：exp 上溢',
    'logits near -1000: exp underflows':
        'logits 接近 -1000：exp 下溢',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    'long rows (C = 50000)':
        '很长的行（C = 50000）',
    'mean over the classes instead of the sum':
        '对类别取了平均而不是求和',
    'non-negative':
        '非负',
    'one class: KL is 0':
        '只有一个类别：KL 为 0',
    'p == q':
        'p == q',
    'p_logits near +1000, q_logits near -1000':
        'p_logits 接近 +1000，q_logits 接近 -1000',
    'probabilities that underflow to 0':
        '会下溢为 0 的概率',
    'reduced over the rows: return one divergence per row, shape (N,)':
        '在行之间做了归约：应每行返回一个散度，形状为 (N,)',
    'rows independent':
        '各行相互独立',
    'shift invariance':
        '平移不变性',
    'softmax over the rows (dim 0) instead of the classes (dim -1)':
        '在行维（dim 0）而不是类别维（dim -1）上做 softmax',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'two classes':
        '两个类别',
}
