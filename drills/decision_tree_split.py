"""Decision tree split: Gini, entropy and the best threshold  决策树最优划分(基尼系数与信息熵)

The root split of a classification tree (what sklearn's DecisionTreeClassifier(max_depth=1)
chooses): two impurity functions and the search for the best (feature, threshold).

`gini(counts)` and `entropy(counts)`: counts (..., C) float holds non-negative class counts of a
node along the last dim (any leading dims: a batch of nodes). With p = counts / counts.sum(-1),
gini = 1 - Σ_k p_k² and entropy = -Σ_k p_k · log2(p_k) (in bits, with 0 · log 0 = 0). A node with
no samples (a row of zeros) has impurity 0 for both. Returns (...), in counts' dtype.

`best_split(X, y, criterion="gini") -> (feature, threshold, decrease)`: X (n, d) float, y (n,) a
LongTensor of labels >= 0 (not necessarily consecutive); criterion is "gini" or "entropy". Some
feature has at least two distinct values.
- Candidates: for each feature j, the thresholds midway between consecutive distinct values of
  X[:, j] sorted, t = (a + b) / 2. The split sends x[j] <= t left and x[j] > t right (never a
  threshold at a data point, nor below the smallest or above the largest value).
- Decrease: I(parent) - (n_left / n) · I(left) - (n_right / n) · I(right), the children weighted by
  their sizes; I is the criterion's impurity of the class counts.
- The best candidate has the largest decrease. Ties: decreases within 1e-9 of the largest count as
  equal (compute them in float64), and among those the lowest feature index wins, then the lowest
  threshold. So exactly one answer is right, even when every decrease is 0 (a pure node).
- Returns a Python int, a Python float and a Python float (the decrease in float64).
- The inputs are not modified; scikit-learn is not allowed.

Example:
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
    # TODO: proportions (an empty row stays 0), 1 - their sum of squares (about 3 lines)
    raise NotImplementedError


def entropy(counts: torch.Tensor) -> torch.Tensor:
    # TODO: proportions, -Σ p log2 p with 0 log 0 = 0 (about 3 lines)
    raise NotImplementedError


def best_split(X: torch.Tensor, y: torch.Tensor, criterion: str = "gini") -> tuple[int, float, float]:
    # TODO: sort each column, class counts left of every cut by a cumulative sum, weighted child
    # impurities, mask cuts between equal values, pick the best with the tie rule (about 14 lines)
    raise NotImplementedError
