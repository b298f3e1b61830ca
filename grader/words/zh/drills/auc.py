"""中文 text of the auc drill."""
TEXT = {
    '12 distinct scores':
        '12 个互不相同的分数',
    '3000 samples, 7 score values':
        '3000 个样本，7 种分数取值',
    'AUC = (number of (positive, negative) pairs where the positive scores higher + 1/2 · the tied pairs) / (n_pos · n_neg). Counting pairs directly needs an n_pos × n_neg matrix: too big.':
        'AUC = （正样本分数更高的 (正, 负) 样本对数 + 1/2 · 并列的样本对数）/ (n_pos · n_neg)。直接数样本对需要一个 n_pos × n_neg 的矩阵：太大了。',
    'AUC = {0}, and {1} with the labels swapped: P(positive wins) and P(negative wins) with ties shared sum to 1':
        'AUC = {0}，交换标签后为 {1}：并列各算一半时，P(正样本胜) 与 P(负样本胜) 之和应为 1',
    'AUC = {0}: it is a probability, in [0, 1]':
        'AUC = {0}：它是一个概率，应在 [0, 1] 内',
    'AUC in [0, 1]':
        'AUC 在 [0, 1] 内',
    'AUC of the reversed labels (1 - AUC): label 1 is the positive class, the one that should score higher':
        '算成了标签反转后的 AUC（1 - AUC）：标签 1 是正类，是应该得分更高的那一类',
    'Give tied scores the mean of the ranks they occupy (mid-ranks); with pairs, add 0.5 per tie.':
        '给并列的分数赋予它们所占各秩的平均值（平均秩）；若按样本对计数，每个并列加 0.5。',
    "Ranks do it in O(n log n): with 1-based ranks of the scores, the pairs a positive wins add up to (sum of the positives' ranks) - n_pos (n_pos + 1) / 2 (Mann-Whitney U).":
        '用秩可以在 O(n log n) 内完成：分数的秩从 1 开始时，正样本获胜的样本对总数为（正样本的秩和）- n_pos (n_pos + 1) / 2（Mann-Whitney U）。',
    'Ties: give every score of a tied group the mean of the ranks the group occupies. With s = scores.sort().values, torch.searchsorted(s, scores) counts the lower scores and searchsorted(..., right=True) the lower-or-equal ones: the mid-rank is (below + up_to + 1) / 2.':
        '并列：给并列组中的每个分数赋予该组所占各秩的平均值。设 s = scores.sort().values，torch.searchsorted(s, scores) 统计更小的分数个数，searchsorted(..., right=True) 统计小于等于的个数：平均秩为 (below + up_to + 1) / 2。',
    'all scores equal: 0.5':
        '所有分数相等：0.5',
    'expected a 0-d tensor, got {0}':
        '应返回 0 维张量，实际得到 {0}',
    'float64':
        'float64',
    'one positive, tied with a negative':
        '一个正样本，与一个负样本并列',
    'only the order of the scores matters':
        '只有分数的顺序才重要',
    'perfect ranking: 1':
        '完美排序：1',
    'perfectly reversed: 0':
        '完全反序：0',
    'rank sum not reduced by n_pos (n_pos + 1) / 2: U = R_pos - n_pos (n_pos + 1) / 2':
        '秩和没有减去 n_pos (n_pos + 1) / 2：U = R_pos - n_pos (n_pos + 1) / 2',
    'ranks from 0: the Mann-Whitney formula uses ranks 1..n':
        '秩从 0 开始：Mann-Whitney 公式用的是秩 1..n',
    'ranks of tied scores not averaged (argsort ranks split ties by position): tied scores share the mean of their ranks':
        '并列分数的秩没有取平均（argsort 得到的秩按位置拆开了并列）：并列的分数应共享它们的平均秩',
    'scores near ±1e30':
        '接近 ±1e30 的分数',
    'swapping the labels gives 1 - AUC':
        '交换标签得到 1 - AUC',
    "the prompt's example":
        '题目中的示例',
    'the samples':
        '样本数',
    'three score values: many ties':
        '三种分数取值：大量并列',
    'ties counted as 0: a tied (positive, negative) pair counts one half':
        '并列算成了 0：并列的 (正, 负) 样本对应算一半',
    'ties counted as 1: a tied (positive, negative) pair counts one half':
        '并列算成了 1：并列的 (正, 负) 样本对应算一半',
    "u = ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2; return u / (n_pos * n_neg), in float64 before casting to the scores' dtype.":
        'u = ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2；返回 u / (n_pos * n_neg)，先用 float64 计算，再转成 scores 的 dtype。',
    '{0} changed the AUC from {1} to {2}: it depends only on the order of the scores':
        '{0}：AUC 从 {1} 变成了 {2}；AUC 应只取决于分数的顺序',
    'multiplying the scores by 4':
        '把分数乘以 4',
    'shuffling the samples':
        '打乱样本顺序',
}
