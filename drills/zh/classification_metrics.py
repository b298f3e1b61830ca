"""分类指标(精确率、召回率、F1) Classification metrics

为单标签多分类器实现两个函数，含义与 scikit-learn 相同。

`confusion_matrix(y_true, y_pred) -> (C, C) LongTensor`
- y_true 和 y_pred 是 >= 0 的标签组成的 LongTensor (n,)，n >= 1。标签不必是 0..C-1（0, 3, 7, 9
  也可以）：类别是 y_true 和 y_pred 中所有不同的标签，按升序排列，C 是类别数。
- cm[i, j] = 真实标签为类别 i 且预测标签为类别 j 的样本数（行：真实值，列：预测值）。

`precision_recall_f1(y_true, y_pred, average="macro") -> (precision, recall, f1)`
- 对每个类别 c（类别与上面相同）：precision = TP / （预测为 c 的数量），
  recall = TP / （真实为 c 的数量），F1 = 2 · P · R / (P + R)。
- 分母为零时得 0，绝不是 NaN（即 scikit-learn 的 zero_division=0）：从未被预测的类别 precision 为 0，
  从未出现的类别 recall 为 0，P + R = 0 时 F1 = 0。
- average=None：三个 float32 张量 (C,)，即每个类别的分数。
- average="macro"：每个类别分数的简单平均（每个类别权重相同；F1 也是每个类别 F1 的平均，而不是用
  平均后的 P 和 R 算出的 F1）。
- average="weighted"：每个类别的分数按权重 = 该类别的 support（真实样本数；只出现在 y_pred 中的
  类别权重为 0）加权平均。
- average="micro"：先在所有类别上对 TP、预测数和真实数求和，再由这些和计算 P、R 和 F1。
- 各种平均的结果是三个 0 维 float32 张量。所有结果都在 y_true 所在的设备上。
- 不要对样本写 Python 循环；不要修改输入。不允许使用 scikit-learn。

示例:
    >>> y_true = torch.tensor([0, 0, 0, 3, 3, 7])
    >>> y_pred = torch.tensor([0, 0, 3, 3, 9, 3])
    >>> confusion_matrix(y_true, y_pred)               # classes 0, 3, 7, 9
    tensor([[2, 1, 0, 0],
            [0, 1, 0, 1],
            [0, 1, 0, 0],
            [0, 0, 0, 0]])
    >>> precision_recall_f1(y_true, y_pred, average=None)
    (tensor([1.0000, 0.3333, 0.0000, 0.0000]), tensor([0.6667, 0.5000, 0.0000, 0.0000]), tensor([0.8000, 0.4000, 0.0000, 0.0000]))
    >>> precision_recall_f1(y_true, y_pred, average="macro")
    (tensor(0.3333), tensor(0.2917), tensor(0.3000))
    >>> precision_recall_f1(y_true, y_pred, average="weighted")
    (tensor(0.6111), tensor(0.5000), tensor(0.5333))
    >>> precision_recall_f1(y_true, y_pred, average="micro")
    (tensor(0.5000), tensor(0.5000), tensor(0.5000))
    # 7 is never predicted (precision 0); 9 never occurs (recall 0, weight 0 in "weighted")
"""
import torch


def confusion_matrix(y_true: torch.Tensor, y_pred: torch.Tensor) -> torch.Tensor:
    # TODO: 排序后的不同标签，每个样本在其中的行、列下标，用一次 bincount 统计
    # (行, 列) 对（约 5 行）
    raise NotImplementedError


def precision_recall_f1(y_true: torch.Tensor, y_pred: torch.Tensor, average: str | None = "macro"):
    # TODO: TP 取对角线，预测数取各列之和，support 取各行之和；分母为零时结果取 0；
    # 然后按要求求平均（约 12 行）
    raise NotImplementedError
