"""中文 text of the attention drill."""
TEXT = {
    '(S_q, S_k) mask shared by the batch':
        '整个 batch 共用的 (S_q, S_k) 掩码',
    '2048 keys, causal':
        '2048 个 key，因果',
    'Bottom-right causal: keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q); combine it with `mask` by &.':
        '右下角对齐的因果掩码：keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)；再用 & 与 `mask` 组合。',
    'D_v != D, S_q != S_k':
        'D_v != D，S_q != S_k',
    'Hide a key by setting its score to -inf before the softmax (masked_fill with ~mask): exp(-inf) = 0. The softmax runs over the keys, dim=-1.':
        '在 softmax 之前把 key 的分数设为 -inf 来屏蔽它（用 ~mask 做 masked_fill）：exp(-inf) = 0。softmax 在 key 维上做，即 dim=-1。',
    'S_q = S_k = 1':
        'S_q = S_k = 1',
    'Your scores matrix is S_q x S_k. Now compute the same thing block by block without ever materialising it.':
        '你的分数矩阵是 S_q x S_k 的。现在分块计算同样的结果，全程不把它完整实例化出来。',
    'a (1, H, S_q, S_k) mask broadcast over the batch, causal, S_q < S_k':
        '在 batch 上广播的 (1, H, S_q, S_k) 掩码，因果，S_q < S_k',
    'a (S_k,) mask: the same keys hidden from every query':
        '(S_k,) 掩码：对每个 query 屏蔽相同的 key',
    "an input changed in place (q /= sqrt(D) edits the caller's tensor): scale the scores, or make a new q = q / sqrt(D)":
        '原地修改了输入（q /= sqrt(D) 会改掉调用者的张量）：应该缩放分数，或新建 q = q / sqrt(D)',
    'causal mask aligned top-left (tril() without the S_k - S_q offset); with S_q != S_k it must be aligned bottom-right':
        '因果掩码左上角对齐了（tril() 没有加 S_k - S_q 偏移）；S_q != S_k 时必须右下角对齐',
    'causal, S_q < S_k: aligned bottom-right':
        '因果，S_q < S_k：右下角对齐',
    'causal, S_q > S_k: the first 2 queries see no key (not graded, no NaN elsewhere)':
        '因果，S_q > S_k：前 2 个 query 看不到任何 key（不评分，其他地方不能有 NaN）',
    'causal, S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)':
        '因果，S_q > S_k：前 3 个 query 看不到任何 key（不评分，其他地方不能有 NaN）',
    'large scores (|q·k| ~ 1e4): exp must not overflow':
        '很大的分数（|q·k| 约 1e4）：exp 不能溢出',
    "mask polarity inverted: True means 'may attend', so hide where the mask is False":
        '掩码极性反了：True 表示“可以关注”，所以应屏蔽掩码为 False 的位置',
    "masked with a constant like -1e9 that float16 cannot hold: use float('-inf') or torch.finfo(scores.dtype).min":
        "用了 -1e9 这类 float16 表示不了的常数做掩码：应该用 float('-inf') 或 torch.finfo(scores.dtype).min",
    'padding mask (B, 1, 1, S_k) and causal':
        'padding 掩码 (B, 1, 1, S_k)，加上因果',
    'query 1 has every key masked (not graded, no NaN elsewhere)':
        'query 1 的所有 key 都被掩码（不评分，其他地方不能有 NaN）',
    'scores = q @ k.transpose(-2, -1) / sqrt(D) is (..., S_q, S_k): one row per query, one column per key. matmul broadcasts over the leading dims, so no loop is needed.':
        'scores = q @ k.transpose(-2, -1) / sqrt(D) 的形状是 (..., S_q, S_k)：每个 query 一行，每个 key 一列。matmul 会在前置维度上广播，所以不需要循环。',
    'scores not scaled by 1/sqrt(D)':
        '分数没有乘 1/sqrt(D) 缩放',
    'scores scaled by 1/D instead of 1/sqrt(D)':
        '分数乘的是 1/D 而不是 1/sqrt(D)',
    'softmax over the queries (dim=-2) instead of over the keys (dim=-1)':
        '在 query 维（dim=-2）而不是 key 维（dim=-1）上做 softmax',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    "softmax(scores.masked_fill(~keep, float('-inf')), dim=-1) @ v":
        "softmax(scores.masked_fill(~keep, float('-inf')), dim=-1) @ v",
    'the leading (batch, head) dims':
        '前置维度（batch、注意力头）的大小',
    "the prompt's example":
        '题目中的示例',
}
