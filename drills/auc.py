"""ROC-AUC  ROC曲线下面积(AUC)

Write `roc_auc(scores, labels)`: the area under the ROC curve of a binary classifier, which equals
the probability that a random positive sample scores higher than a random negative one:

    AUC = ( #{(i, j): i positive, j negative, scores[i] > scores[j]}
            + 1/2 · #{(i, j): i positive, j negative, scores[i] == scores[j]} ) / (n_pos · n_neg)

- `scores` (n,) is a float tensor; `labels` (n,) a LongTensor of 0 / 1, 1 = positive. There is at
  least one positive and one negative.
- Ties count one half, as above (so all scores equal gives 0.5).
- Returns a 0-d tensor in scores' dtype, on scores' device.
- n can be large (1e5 and more): do not build the n_pos × n_neg matrix of pairs. The graded bound:
  no intermediate tensor larger than 16 · n elements. Sorting or ranking is O(n log n).
- No Python loop over the samples; the inputs are not modified. scikit-learn is not allowed.

Example:
    >>> roc_auc(torch.tensor([0.1, 0.4, 0.35, 0.8, 0.4]), torch.tensor([0, 0, 1, 1, 1]))
    tensor(0.7500)
    # positives 0.35, 0.8, 0.4 against negatives 0.1, 0.4: 0.35 wins 1 of 2, 0.8 wins 2,
    # 0.4 beats 0.1 and ties 0.4 (1/2): (1 + 2 + 1.5) / 6 = 0.75
"""
import torch


def roc_auc(scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    # TODO: mid-ranks of the scores (ties share their mean rank), the positives' rank sum,
    # Mann-Whitney U / (n_pos · n_neg) (about 8 lines)
    raise NotImplementedError
