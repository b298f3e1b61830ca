"""中文 text of the top_p drill."""
TEXT = {
    '1000 draws of each row: 12 random rows':
        '每行采样 1000 次：12 个随机行',
    "1000 draws of each row: p=0.7; row 0's third token crosses p":
        '每行采样 1000 次：p=0.7；第 0 行的第三个 token 越过 p',
    '1000 draws of each row: temperature 0.5 narrows it to 2 tokens':
        '每行采样 1000 次：温度 0.5 把核缩小到 2 个 token',
    '1000 draws of each row: temperature 2 widens the nucleus of p=0.85 to 4 tokens':
        '每行采样 1000 次：温度 2 把 p=0.85 的核扩大到 4 个 token',
    '4 rows':
        '4 行',
    'Divide the logits by the temperature BEFORE filtering: the temperature changes which tokens make up the nucleus.':
        '在过滤之前就把 logits 除以温度：温度会改变哪些 token 构成核。',
    'Keep a token iff the mass BEFORE it is < p: before = cumsum - probs. The token whose probability carries the total across p stays.':
        '一个 token 被保留当且仅当它之前的概率质量 < p：before = cumsum - probs。让累计和越过 p 的那个 token 要保留。',
    'Remove a token iff the mass before it is >= p. The token that carries the total across p stays, and the top token (mass before it 0) always stays.':
        '一个 token 被去掉当且仅当它之前的概率质量 >= p。让累计和越过 p 的那个 token 保留，最大的 token（之前的质量为 0）总会保留。',
    'Sampling: top_p_filter(logits / temperature, p).softmax(-1), flatten the leading dims, torch.multinomial(probs, 1, generator=generator), reshape to logits.shape[:-1].':
        '采样：top_p_filter(logits / temperature, p).softmax(-1)，把前面的维度展平，torch.multinomial(probs, 1, generator=generator)，再 reshape 成 logits.shape[:-1]。',
    "Sort each row's logits in descending order (keep the indices), softmax, cumsum: the mass strictly before token i is cumsum[i] - probs[i].":
        '把每行的 logits 降序排序（保留下标），softmax，cumsum：严格在 token i 之前的概率质量是 cumsum[i] - probs[i]。',
    'The mask is in sorted order: scatter it back with the sort indices (zeros_like(mask).scatter(-1, order, mask)), then logits.masked_fill(mask, -inf) — a new tensor.':
        '掩码是按排序后的顺序排列的：用排序下标把它 scatter 回去 (zeros_like(mask).scatter(-1, order, mask))，再 logits.masked_fill(mask, -inf)——得到新张量。',
    'always the most likely token (that is greedy decoding, not sampling)':
        '总是取最可能的 token（那是贪心解码，不是采样）',
    'cumulative sum of the logits instead of the probabilities':
        '对 logits 而不是概率求累计和',
    'drops the token that crosses p (keeps only tokens whose cumulative mass including themselves is < p; the rule is on the mass BEFORE the token)':
        '去掉了越过 p 的那个 token（只保留了包含自身的累计质量 < p 的 token；规则看的是该 token 之前的质量）',
    'forgets to map the mask back to vocabulary order (a sorted-order mask applied to the unsorted logits)':
        '忘了把掩码映射回词表顺序（把排序顺序的掩码用在了未排序的 logits 上）',
    'forgets to map the mask back to vocabulary order (the result is in sorted order)':
        '忘了把掩码映射回词表顺序（结果是排序后的顺序）',
    'logits near ±1000':
        '接近 ±1000 的 logits',
    'long rows (V = 50000)':
        '很长的行 (V = 50000)',
    'maps the mask back with gather(order), which applies the permutation again instead of undoing it: scatter(-1, order, mask)':
        '用 gather(order) 映射掩码，这会再做一次置换而不是还原它：应用 scatter(-1, order, mask)',
    "masked_fill (no underscore) returns a new tensor; masked_fill_ or logits[mask] = ... change the caller's logits.":
        'masked_fill（不带下划线）返回新张量；masked_fill_ 或 logits[mask] = ... 会改掉调用者的 logits。',
    'nearly one-hot rows':
        '近似 one-hot 的行',
    'one row: a 0-d result':
        '单行：0 维结果',
    'p = 1 keeps every token':
        'p = 1 保留所有 token',
    'probabilities computed without subtracting the max (exp overflows)':
        '计算概率时没有减去最大值（exp 溢出）',
    'removed tokens set to 0 instead of -inf (0 is still a valid logit)':
        '被去掉的 token 设成了 0 而不是 -inf（0 仍是合法的 logit）',
    'sampling from the unfiltered softmax (the nucleus is not applied)':
        '从未过滤的 softmax 中采样（没有应用核过滤）',
    'sorts ascending: sort descending so the most likely tokens come first':
        '升序排序了：应降序排序，让最可能的 token 排在前面',
    'temperature applied after filtering (divide the logits by it first)':
        '在过滤之后才应用温度（应先把 logits 除以温度）',
    'temperature ignored':
        '忽略了温度',
    'the most likely token of row {0} was removed: the mass before it is 0 < p, so it is always kept':
        '第 {0} 行最可能的 token 被去掉了：它之前的质量是 0 < p，所以它总会被保留',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'tiny p keeps only the top token':
        '很小的 p 只保留最大的 token',
    'top token always kept':
        '最大的 token 总会保留',
    'top-p that edits the logits in place':
        '原地修改 logits 的 top-p',
    'two leading dims':
        '前面有两个维度',
    'uniform over the kept tokens (weight them by their probabilities)':
        '在保留的 token 上均匀采样（应按它们的概率加权）',
    'vocabulary of 1':
        '词表大小为 1',
    'nucleus = the most likely tokens':
        '核 = 概率最大的 token',
    'the nucleus is the most likely tokens (sort descending, then map back to vocabulary order)':
        '核是概率最大的那些 token（降序排序，再映射回词表顺序）',
}
