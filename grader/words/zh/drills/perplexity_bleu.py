"""中文 text of the perplexity_bleu drill."""
TEXT = {
    '4096 classes':
        '4096 个类别',
    "BLEU: for each sentence and n = 1..4, Counter the hypothesis' n-grams; the clip limit of an n-gram is its largest count in any one reference (Counter's | takes the maximum). Sum matches and totals over the corpus.":
        'BLEU：对每个句子和 n = 1..4，用 Counter 统计候选译文的 n-gram；一个 n-gram 的截断上限是它在任意一个参考译文中的最大次数（Counter 的 | 取最大值）。在整个语料上累加匹配数和总数。',
    "Perplexity: nll = -log_softmax(logits)[target] per position (index with a safe target where masked); exp(nll[mask].sum() / mask.sum()): one mean over every real token, never a mean of the rows' perplexities.":
        '困惑度：每个位置 nll = -log_softmax(logits)[target]（被掩码处用一个安全的 target 下标）；exp(nll[mask].sum() / mask.sum())：对所有真实 token 求一次平均，绝不是各行困惑度的平均。',
    'Sum -log p over every real token of the batch and divide once by mask.sum().':
        '对 batch 中所有真实 token 的 -log p 求和，再除以一次 mask.sum()。',
    "The brevity penalty is computed once: c = sum of hypothesis lengths, r = sum of each sentence's closest reference length (min over (|len(ref) - len(hyp)|, len(ref))); BP = 1 if c > r else exp(1 - r / c).":
        '长度惩罚只算一次：c = 候选译文长度之和，r = 各句最接近的参考长度之和（对 (|len(ref) - len(hyp)|, len(ref)) 取 min）；BP = 1 if c > r else exp(1 - r / c)。',
    'a row with no real token':
        '没有真实 token 的一行',
    'a sentence too short for a 4-gram':
        '短到没有 4-gram 的句子',
    'all logits near +1e4':
        '所有 logits 都接近 +1e4',
    'all logits near -1e4':
        '所有 logits 都接近 -1e4',
    'an empty hypothesis':
        '空的候选译文',
    'brevity penalty per sentence: it is computed once, from the corpus totals c and r':
        '每个句子各算一次长度惩罚：它应由语料总量 c 和 r 只算一次',
    'changing the logits and targets where mask is False changed the perplexity from {0} to {1}: padded positions do not count':
        '改动 mask 为 False 处的 logits 和 targets 后，困惑度从 {0} 变成了 {1}：padding 位置不应计入',
    "each token's perplexity averaged: average -log p first, then exp":
        '对每个 token 的困惑度求了平均：应先对 -log p 求平均，再取 exp',
    'float64':
        'float64',
    'four near copies of a reference':
        '参考译文的四个近似副本',
    "matches = sum(min(c, max over the references of that n-gram's count))":
        'matches = sum(min(c, 该 n-gram 在各参考译文中次数的最大值))',
    'no match: 0':
        '没有匹配：0',
    'no padding':
        '没有 padding',
    'one token, one class: perplexity 1':
        '一个 token、一个类别：困惑度为 1',
    'one word repeated: clipping':
        '重复同一个词：截断',
    'padded positions ignored':
        '忽略 padding 位置',
    'padding counted: only positions where mask is True enter the sum and the count':
        '把 padding 也算进去了：只有 mask 为 True 的位置才计入求和和计数',
    'references longer and shorter: the closest':
        '参考译文有长有短：取最接近的',
    'rows of 8, 2 and 5 tokens':
        '各行分别有 8、2、5 个 token',
    'sentence BLEU averaged: corpus BLEU sums the matches and counts over the corpus first':
        '对句子级 BLEU 求了平均：语料级 BLEU 要先在整个语料上累加匹配数和计数',
    'the batch':
        'batch 大小',
    "the mean of the rows' perplexities: perplexity is token-weighted, exp(total -log p / total tokens)":
        '取了各行困惑度的平均：困惑度按 token 加权，exp(总 -log p / 总 token 数)',
    "the prompt's example":
        '题目中的示例',
    "the shortest reference length: r takes each sentence's closest reference (a tie: the shorter)":
        '用了最短的参考长度：r 取每句最接近的参考译文（并列时取较短的）',
    'two references equally close: the shorter':
        '两个参考译文同样接近：取较短的',
    'unclipped n-gram counts: an n-gram counts at most as often as in one reference':
        'n-gram 计数没有截断：一个 n-gram 最多只能计它在某一个参考译文中出现的次数',
}
