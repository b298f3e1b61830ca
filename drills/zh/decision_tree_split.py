"""决策树最优划分(基尼系数与信息熵) Decision tree split: Gini, entropy and the best threshold

分类树的根节点划分（即 sklearn 的 DecisionTreeClassifier(max_depth=1) 会选的划分）：两个不纯度函数，
以及对最佳 (feature, threshold) 的搜索。

`gini(counts)` 和 `entropy(counts)`：counts (..., C) 为浮点，沿最后一维存放一个节点的非负类别计数
（前面可以有任意维度：一批节点）。设 p = counts / counts.sum(-1)，
gini = 1 - Σ_k p_k²，entropy = -Σ_k p_k · log2(p_k)（单位为 bit，约定 0 · log 0 = 0）。没有样本的
节点（全零的一行）两种不纯度都为 0。返回 (...)，dtype 与 counts 相同。

`best_split(X, y, criterion="gini") -> (feature, threshold, decrease)`：X (n, d) 为浮点，y (n,) 是
>= 0 的标签组成的 LongTensor（不一定连续）；criterion 为 "gini" 或 "entropy"。至少有一个特征有两个
不同的取值。
- 候选：对每个特征 j，把 X[:, j] 排序后，取相邻两个不同取值的中点作为阈值，t = (a + b) / 2。划分把
  x[j] <= t 的送到左边，x[j] > t 的送到右边（阈值绝不落在数据点上，也不低于最小值或高于最大值）。
- 下降量：I(parent) - (n_left / n) · I(left) - (n_right / n) · I(right)，子节点按各自的样本数加权；
  I 是按 criterion 计算的类别计数的不纯度。
- 最佳候选的下降量最大。并列：与最大值相差在 1e-9 以内的下降量都算相等（用 float64 计算），其中
  特征下标最小的获胜，再取阈值最小的。所以即使所有下降量都为 0（纯节点），正确答案也只有一个。
- 返回一个 Python int、一个 Python float 和一个 Python float（下降量用 float64）。
- 不要修改输入；不允许使用 scikit-learn。

示例:
    >>> gini(torch.tensor([[3.0, 1.0], [4.0, 0.0], [0.0, 0.0]]))
    tensor([0.3750, 0.0000, 0.0000])
    >>> entropy(torch.tensor([[3.0, 1.0], [4.0, 0.0], [0.0, 0.0]]))
    tensor([0.8113, 0.0000, 0.0000])
    >>> X = torch.tensor([[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 6.0], [5.0, 7.0]])
    >>> y = torch.tensor([0, 0, 1, 1, 1])
    >>> best_split(X, y)          # 2.5 on feature 0 and 5.5 on feature 1 both separate the classes
    (0, 2.5, 0.48)
    >>> best_split(X, y, criterion="entropy")
    (0, 2.5, 0.9709505944546687)
    >>> best_split(torch.tensor([[1.0, 0.0], [1.0, 0.0], [1.0, 2.0], [1.0, 4.0]]), torch.tensor([2, 2, 2, 2]))
    (1, 1.0, 0.0)                 # pure: every decrease is 0; feature 0 has no threshold
"""
import torch


def gini(counts: torch.Tensor) -> torch.Tensor:
    # TODO: 比例（空行保持为 0），1 减去它们的平方和（约 3 行）
    raise NotImplementedError


def entropy(counts: torch.Tensor) -> torch.Tensor:
    # TODO: 比例，-Σ p log2 p，约定 0 log 0 = 0（约 3 行）
    raise NotImplementedError


def best_split(X: torch.Tensor, y: torch.Tensor, criterion: str = "gini") -> tuple[int, float, float]:
    # TODO: 对每列排序，用累积和得到每个切分点左侧的类别计数，子节点不纯度加权，屏蔽相等取值之间的
    # 切分点，按并列规则选出最佳（约 14 行）
    raise NotImplementedError
