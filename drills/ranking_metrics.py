"""Ranking metrics  排序指标(NDCG、MAP、MRR)

Write four functions that judge a ranking. Each row of `scores` (Q, n) scores the n items of one
query (a higher score ranks higher); each returns a tensor (Q,) with one value per query, in
scores' dtype, on scores' device. Ties in scores are part of every definition below.

`dcg_at_k(relevance, scores, k)`: relevance (Q, n) is a float tensor of graded relevances >= 0
(e.g. 0, 1, 2, 3); 1 <= k <= n.
- The item at rank r (1-based) earns relevance / log2(r + 1) (so rank 1 earns its relevance in
  full); ranks past k earn nothing. DCG@k is the sum.
- Ties: items with equal scores form a group that occupies a block of consecutive ranks; every item
  of the group gets the mean discount of the ranks of its block (past k they count as 0). This is
  the mean DCG over every order of the tie, and scikit-learn's dcg_score.

`ndcg_at_k(relevance, scores, k)`: DCG@k / ideal DCG@k, the ideal being the DCG@k of the best
ranking of ALL n items (relevance sorted in decreasing order). A query whose ideal DCG is 0 (no
relevant item) gets 0. As scikit-learn's ndcg_score, per query.

`average_precision(labels, scores)`: labels (Q, n) is a LongTensor of 0 / 1 (1 = relevant), every
row with at least one relevant item. AP is the mean, over the relevant items j, of the precision at
j's score s: (relevant items scoring >= s) / (items scoring >= s). So a tie group enters the ranking
at once, as in scikit-learn's average_precision_score. mAP is the mean of this over the queries.

`reciprocal_rank(labels, scores)`: 1 / the rank of the first relevant item. Ties count against the
model: that rank is 1 + the number of non-relevant items scoring at least as high as the best
relevant item. MRR is the mean of this over the queries.

No Python loop over the queries or the items; the inputs are not modified. scikit-learn is not allowed.

Example:
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
    # TODO: each item's tie block (how many score higher, how many higher or equal), the mean
    # discount over that block from a cumulative sum of the cut-off discounts (about 9 lines)
    raise NotImplementedError


def ndcg_at_k(relevance: torch.Tensor, scores: torch.Tensor, k: int) -> torch.Tensor:
    # TODO: DCG of the scores over the DCG of the relevances in their best order, 0 where that is 0
    # (about 3 lines)
    raise NotImplementedError


def average_precision(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    # TODO: relevant items among those scoring >= each score (cumsum in score order, read at the
    # end of the tie group), over the items scoring >= it; mean over the relevant (about 7 lines)
    raise NotImplementedError


def reciprocal_rank(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    # TODO: the best relevant score per row, count the non-relevant items at or above it
    # (about 4 lines)
    raise NotImplementedError
