"""中文 text of the ranking_metrics drill."""
TEXT = {
    '0/0 gave NaN: a query whose ideal DCG is 0 gets NDCG 0':
        '0/0 得到了 NaN：理想 DCG 为 0 的查询 NDCG 应为 0',
    'AP in (0, 1]':
        'AP 在 (0, 1] 内',
    'AP: sort by score descending and cumsum the labels; for each item read that cumsum at the last rank of its tie block (up_to - 1): relevant items scoring >= it. Divide by up_to, average over the relevant items. RR: best = max relevant score; rank = 1 + (non-relevant & (scores >= best)).sum(-1).':
        'AP：按分数降序排序并对标签做 cumsum；对每个条目，在它所在并列段的最后一个排名（up_to - 1）处读取该 cumsum：即分数 >= 它的相关条目数。除以 up_to，再在相关条目上取平均。RR：best = 最大的相关分数；rank = 1 + (non-relevant & (scores >= best)).sum(-1)。',
    "At a relevant item's score s, count every item scoring >= s: a tie group enters at once.":
        '在相关条目的分数 s 处，统计所有分数 >= s 的条目：一个并列组一起进入。',
    "Count, for every item, the items scoring strictly higher and those scoring higher or equal: that is its tie block, whatever the items' order.":
        '对每个条目，统计分数严格更高的条目数和分数更高或相等的条目数：这就是它的并列段，与条目的顺序无关。',
    'NDCG in [0, 1]':
        'NDCG 在 [0, 1] 内',
    "NDCG's ideal is the DCG of the relevances sorted in decreasing order over all n items (not only those the model put in its top k); where it is 0, return 0 instead of 0/0.":
        'NDCG 的理想值是全部 n 个条目（不只是模型排在前 k 的那些）的相关度按降序排列后的 DCG；它为 0 时返回 0，而不是 0/0。',
    'RR in (0, 1]':
        'RR 在 (0, 1] 内',
    'Rank r (1-based) is discounted by 1 / log2(r + 1): with 0-based positions i that is 1 / log2(i + 2). Cut at k: discount = torch.where(r <= k, 1 / log2(r + 1), 0).':
        '排名 r（从 1 开始）的折扣是 1 / log2(r + 1)：用从 0 开始的位置 i 表示就是 1 / log2(i + 2)。在 k 处截断：discount = torch.where(r <= k, 1 / log2(r + 1), 0)。',
    "Ties without a loop: with asc = scores.sort(-1).values, n - searchsorted(asc, scores, right=True) items score higher and n - searchsorted(asc, scores) higher or equal: the item's block is the ranks between. With cum = [0, cumsum(discount)], its mean discount is (cum[up_to] - cum[above]) / (up_to - above).":
        '不用循环处理并列：设 asc = scores.sort(-1).values，则分数更高的条目有 n - searchsorted(asc, scores, right=True) 个，更高或相等的有 n - searchsorted(asc, scores) 个：条目的并列段就是两者之间的排名。设 cum = [0, cumsum(discount)]，它的平均折扣为 (cum[up_to] - cum[above]) / (up_to - above)。',
    'With 1-based ranks r the discount is 1 / log2(r + 1): log2(2) = 1 at rank 1.':
        '排名 r 从 1 开始时折扣为 1 / log2(r + 1)：第 1 位时 log2(2) = 1。',
    'a query with no relevant item; all scores equal':
        '没有相关条目的查询；所有分数相等',
    'all scores equal':
        '所有分数相等',
    'distinct scores':
        '互不相同的分数',
    'distinct scores, k = 4':
        '互不相同的分数，k = 4',
    'expected a tensor ({0},), one value per query':
        '应返回张量 ({0},)，每个查询一个值',
    'float64':
        'float64',
    "gain 2^rel - 1: the prompt's gain is the relevance itself (scikit-learn's dcg_score)":
        '增益用了 2^rel - 1：题目中的增益就是相关度本身（即 scikit-learn 的 dcg_score）',
    'ideal = DCG@k of relevance.sort(-1, descending=True).values: every item may enter it.':
        'ideal = relevance.sort(-1, descending=True).values 的 DCG@k：每个条目都可能进入其中。',
    "ideal DCG from the predicted order (the model's top k re-sorted): the ideal ranks ALL items by their relevance":
        '理想 DCG 用了预测顺序（把模型的前 k 个重新排序）：理想排序是把全部条目按相关度排列',
    'ideal DCG not cut at k: the ideal is a DCG@k too':
        '理想 DCG 没有在 k 处截断：理想值也是 DCG@k',
    'k = n, relevances 0 .. 1.5':
        'k = n，相关度 0 .. 1.5',
    'log2 off by one: rank r (1-based) is discounted by 1 / log2(r + 1), so rank 1 counts in full':
        'log2 差了一：排名 r（从 1 开始）的折扣是 1 / log2(r + 1)，所以第 1 位按完整值计算',
    'n = 500':
        'n = 500',
    'n = 500, k = 50':
        'n = 500，k = 50',
    'one item':
        '一个条目',
    "only the scores matter, not the items' positions":
        '只有分数才重要，条目的位置不重要',
    'precision averaged over every rank: AP averages it over the relevant items only':
        '在每个排名上都对精确率取了平均：AP 只在相关条目上取平均',
    'query {0} gets {1}: it should be in {2}, 1]':
        '查询 {0} 得到 {1}：应在 {2}, 1] 内',
    'relevant items tied with the best relevant one counted in its rank: only non-relevant items push it down':
        '与最佳相关条目并列的相关条目也计入了它的排名：只有不相关条目才会把它往下推',
    'scores equal to the relevances (the ideal order) gave NDCG {0} for query {1}, not 1':
        '分数等于相关度（理想顺序）时，查询 {1} 的 NDCG 为 {0}，而不是 1',
    'scores from three values':
        '分数只有三种取值',
    'the ideal order scores 1':
        '理想顺序得 1',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, k = 2: a tie straddles k":
        '题目中的示例，k = 2：并列段跨过了 k',
    "the prompt's example, k = 3":
        '题目中的示例，k = 3',
    'the queries':
        '查询数',
    "tied scores ordered by the items' positions (argsort): equal scores are a tie, defined in the prompt, whatever the items' order":
        '并列的分数按条目位置排序了（argsort）：相等的分数就是并列，按题目中的定义处理，与条目的顺序无关',
    'ties counted for the model: the non-relevant items tied with the best relevant one rank before it':
        '并列按对模型有利的方式计算了：与最佳相关条目并列的不相关条目应排在它前面',
    "{0} changed query {1}'s value from {2} to {3}: it depends only on the scores (ties included), not on where the items sit":
        '{0}：查询 {1} 的值从 {2} 变成了 {3}；它应只取决于分数（包括并列），而与条目所在的位置无关',
    'multiplying the scores by 4':
        '把分数乘以 4',
    'shuffling the items of every query':
        '打乱每个查询内条目的顺序',
}
