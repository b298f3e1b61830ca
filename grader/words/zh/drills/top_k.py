"""中文 text of the top_k drill."""
TEXT = {
    '1000 draws of each row: 12 random rows, k=4':
        '每行采样 1000 次：12 个随机行，k=4',
    '1000 draws of each row: k=3 of 8 tokens':
        '每行采样 1000 次：8 个 token 中取 k=3',
    '1000 draws of each row: k=3 with three tokens tied at the 3rd largest: five stay':
        '每行采样 1000 次：k=3，有三个 token 并列第 3 大：保留五个',
    '1000 draws of each row: temperature 0.5 sharpens the top 3':
        '每行采样 1000 次：温度 0.5 让前 3 个更尖锐',
    '1000 draws of each row: temperature 2 flattens the top 3':
        '每行采样 1000 次：温度 2 让前 3 个更平缓',
    '4 rows':
        '4 行',
    'Remove the logits strictly below the k-th largest (logits < kth): the k-th itself and its ties stay. Clamp k to V first: topk cannot take more than V.':
        '只去掉严格小于第 k 大值的 logits (logits < kth)：第 k 大的本身及与它相等的都保留。先把 k 截断到 V：topk 取不了超过 V 个。',
    'Sampling: probs = top_k_filter(logits / temperature, k).softmax(-1); flatten the leading dims, torch.multinomial(probs, 1, generator=generator), reshape to logits.shape[:-1].':
        '采样：probs = top_k_filter(logits / temperature, k).softmax(-1)；把前面的维度展平，torch.multinomial(probs, 1, generator=generator)，再 reshape 成 logits.shape[:-1]。',
    'already-removed tokens (-inf)':
        '已被去掉的 token (-inf)',
    'always the most likely token (that is greedy decoding, not sampling)':
        '总是取最可能的 token（那是贪心解码，不是采样）',
    'draws only among the k largest':
        '只在最大的 k 个中采样',
    'drew ids outside [0, {0}): {1}':
        '采到了 [0, {0}) 之外的 id：{1}',
    'expected a long tensor of shape {0} (one id per row), got {1}{2}':
        '期望形状为 {0} 的 long 张量（每行一个 id），得到的是 {1}{2}',
    'k = 1 keeps only the top token':
        'k = 1 只保留最大的 token',
    'k = V keeps every token':
        'k = V 保留所有 token',
    'k > V keeps every token':
        'k > V 保留所有 token',
    'k larger than the vocabulary: clamp it, k >= V keeps every token':
        'k 大于词表：要截断它，k >= V 时保留所有 token',
    'keeps exactly k tokens when others tie with the k-th largest: keep every logit >= the k-th largest':
        '有 token 与第 k 大值相等时仍只保留恰好 k 个：应保留所有 >= 第 k 大值的 logit',
    'keeps k + 1 tokens (off by one: the threshold is the k-th largest, index k - 1 of the descending sort)':
        '保留了 k + 1 个 token（差一错误：阈值是第 k 大的值，即降序排序后下标 k - 1）',
    'keeps the k smallest logits instead of the k largest':
        '保留了最小的 k 个 logits，而不是最大的 k 个',
    'logits multiplied by the temperature instead of divided':
        'logits 乘以了温度，而不是除以温度',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    "logits.masked_fill(logits < kth, float('-inf')) returns a new tensor; logits[...] = -inf would edit the caller's logits.":
        "logits.masked_fill(logits < kth, float('-inf')) 返回新张量；logits[...] = -inf 会改掉调用者的 logits。",
    'logits.topk(k, dim=-1).values is sorted in descending order: its last column is the k-th largest logit of each row. Keep it as (..., 1) so it broadcasts against the row.':
        'logits.topk(k, dim=-1).values 按降序排列：最后一列就是每行第 k 大的 logit。保持 (..., 1) 的形状，以便与整行广播。',
    'long rows (V = 50000)':
        '很长的行 (V = 50000)',
    "masked_fill (no underscore) returns a new tensor; masked_fill_ or logits[mask] = ... change the caller's logits.":
        'masked_fill（不带下划线）返回新张量；masked_fill_ 或 logits[mask] = ... 会改掉调用者的 logits。',
    'min(k, V) tokens kept':
        '保留 min(k, V) 个 token',
    'removed tokens set to 0 instead of -inf (0 is still a valid logit)':
        '被去掉的 token 设成了 0 而不是 -inf（0 仍是合法的 logit）',
    'sampling from the unfiltered softmax (top_k_filter is not applied)':
        '从未过滤的 softmax 中采样（没有应用 top_k_filter）',
    'temperature ignored (or applied to the probabilities after the softmax, which renormalising undoes): divide the logits by it':
        '忽略了温度（或在 softmax 之后作用于概率，重新归一化后就抵消了）：应把 logits 除以温度',
    'the k-th largest logit is removed too (off by one: keep logits >= the k-th largest, remove only those < it)':
        '第 k 大的 logit 也被去掉了（差一错误：应保留 >= 第 k 大值的 logits，只去掉小于它的）',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example: a 0-d result":
        '题目中的示例：0 维结果',
    'the rows':
        '行数',
    'ties with the k-th largest stay':
        '与第 k 大值相等的都保留',
    'top-k that edits the logits in place':
        '原地修改 logits 的 top-k',
    'two leading dims':
        '前面有两个维度',
    'uniform over the kept tokens (weight them by their probabilities)':
        '在保留的 token 上均匀采样（应按它们的概率加权）',
    'vocabulary of 1':
        '词表大小为 1',
    '{0} drew token {1} with logit {2}, below the k-th largest {3} (k={4}): only the k largest may be drawn':
        '{0} 采到了 token {1}，其 logit 为 {2}，低于第 k 大的 {3} (k={4})：只能采到最大的 k 个',
    '{0} kept {1} tokens with k={2} and V={3}; without ties exactly min(k, V) = {4} stay':
        '{0} 在 k={2}、V={3} 时保留了 {1} 个 token；没有并列时应恰好保留 min(k, V) = {4} 个',
    'the row':
        '该行',
    'row {0}':
        '第 {0} 行',
    'kept = the largest logits':
        '保留的 = 最大的 logits',
    'keep the LARGEST logits':
        '要保留最大的 logits',
}
