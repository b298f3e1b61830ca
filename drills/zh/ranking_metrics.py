"""排序指标(NDCG、MAP、MRR) Ranking metrics

实现四个评价排序的函数。`scores` (Q, n) 的每一行给一个查询的 n 个条目打分（分数越高排名越靠前）；
每个函数返回一个张量 (Q,)，每个查询一个值，dtype 与 scores 相同，在 scores 所在的设备上。分数并列
的处理是下面每个定义的一部分。

`dcg_at_k(relevance, scores, k)`：relevance (Q, n) 是分级相关度 >= 0 组成的浮点张量（例如 0, 1,
2, 3）；1 <= k <= n。
- 排在第 r 位（从 1 开始）的条目得分 relevance / log2(r + 1)（所以第 1 位得到完整的相关度）；排在
  k 之后的条目不得分。DCG@k 是这些得分之和。
- 并列：分数相同的条目组成一组，占据一段连续的排名；组内每个条目都取这段排名的折扣的平均值（超过
  k 的排名折扣算 0）。这等于并列条目所有排列顺序下 DCG 的平均，也就是 scikit-learn 的 dcg_score。

`ndcg_at_k(relevance, scores, k)`：DCG@k / 理想 DCG@k，理想值是全部 n 个条目最佳排序（相关度按
降序排列）的 DCG@k。理想 DCG 为 0 的查询（没有相关条目）得 0。与 scikit-learn 的 ndcg_score 相同，
逐查询计算。

`average_precision(labels, scores)`：labels (Q, n) 是 0 / 1 的 LongTensor（1 = 相关），每一行至少有
一个相关条目。AP 是对所有相关条目 j，在 j 的分数 s 处的精确率的平均：（分数 >= s 的相关条目数）/
（分数 >= s 的条目数）。所以一个并列组会一起进入排序，与 scikit-learn 的 average_precision_score
相同。mAP 是它在所有查询上的平均。

`reciprocal_rank(labels, scores)`：1 / 第一个相关条目的排名。并列按对模型不利的方式计算：该排名是
1 + 分数不低于最佳相关条目的不相关条目数。MRR 是它在所有查询上的平均。

不要对查询或条目写 Python 循环；不要修改输入。不允许使用 scikit-learn。

示例:
    >>> relevance = torch.tensor([[3.0, 2.0, 3.0, 0.0, 1.0, 2.0]])
    >>> scores = torch.tensor([[0.9, 0.8, 0.8, 0.7, 0.3, 0.1]])
    >>> dcg_at_k(relevance, scores, k=3)          # 3/log2(2) + mean(2, 3) · (1/log2(3) + 1/log2(4))
    tensor([5.8273])
    >>> dcg_at_k(relevance, scores, k=2)          # the tie's block is ranks 2-3; rank 3 counts 0 now
    tensor([4.5773])
    >>> ndcg_at_k(relevance, scores, k=3)         # ideal: 3, 3, 2 -> 5.8928
    tensor([0.9889])
    >>> labels = torch.tensor([[1, 0, 1, 0, 0, 1], [0, 0, 1, 0, 0, 0]])
    >>> average_precision(labels, scores.repeat(2, 1))    # row 0: (1/1 + 2/3 + 3/6) / 3
    tensor([0.7222, 0.3333])
    >>> reciprocal_rank(labels, scores.repeat(2, 1))      # row 1: 0.9 and the tied 0.8 rank first
    tensor([1.0000, 0.3333])
"""
import torch


def dcg_at_k(relevance: torch.Tensor, scores: torch.Tensor, k: int) -> torch.Tensor:
    # TODO: 每个条目所在的并列段（多少个分数更高，多少个更高或相等），用截断后折扣的累积和
    # 求出该段上的平均折扣（约 9 行）
    raise NotImplementedError


def ndcg_at_k(relevance: torch.Tensor, scores: torch.Tensor, k: int) -> torch.Tensor:
    # TODO: 按分数排序的 DCG 除以相关度最佳排序的 DCG，后者为 0 时取 0
    # （约 3 行）
    raise NotImplementedError


def average_precision(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    # TODO: 分数 >= 每个分数的条目中的相关条目数（按分数顺序 cumsum，在并列组的末尾读取），
    # 除以分数 >= 它的条目数；在相关条目上取平均（约 7 行）
    raise NotImplementedError


def reciprocal_rank(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    # TODO: 每行最佳的相关分数，统计分数不低于它的不相关条目数
    # （约 4 行）
    raise NotImplementedError
