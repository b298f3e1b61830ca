"""ROC曲线下面积(AUC) ROC-AUC

实现 `roc_auc(scores, labels)`：二分类器 ROC 曲线下的面积，它等于随机取一个正样本的分数高于随机取
一个负样本的分数的概率：

    AUC = ( #{(i, j): i positive, j negative, scores[i] > scores[j]}
            + 1/2 · #{(i, j): i positive, j negative, scores[i] == scores[j]} ) / (n_pos · n_neg)

- `scores` (n,) 是浮点张量；`labels` (n,) 是取值 0 / 1 的 LongTensor，1 = 正样本。至少有一个正样本
  和一个负样本。
- 分数相同算一半，如上式（所以所有分数都相等时得 0.5）。
- 返回一个 0 维张量，dtype 与 scores 相同，在 scores 所在的设备上。
- n 可能很大（1e5 甚至更大）：不要构造 n_pos × n_neg 的样本对矩阵。评测的上限：任何中间张量都
  不能超过 16 · n 个元素。排序或求秩是 O(n log n) 的。
- 不要对样本写 Python 循环；不要修改输入。不允许使用 scikit-learn。

示例:
    >>> roc_auc(torch.tensor([0.1, 0.4, 0.35, 0.8, 0.4]), torch.tensor([0, 0, 1, 1, 1]))
    tensor(0.7500)
    # positives 0.35, 0.8, 0.4 against negatives 0.1, 0.4: 0.35 wins 1 of 2, 0.8 wins 2,
    # 0.4 beats 0.1 and ties 0.4 (1/2): (1 + 2 + 1.5) / 6 = 0.75
"""
import torch


def roc_auc(scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    # TODO: 分数的平均秩（并列的分数共享它们的平均秩），正样本的秩和，
    # Mann-Whitney U / (n_pos · n_neg)（约 8 行）
    raise NotImplementedError
