"""主成分分析(SVD) PCA via SVD

实现 `pca(x, k)`：数据 `x` 的前 k 个主成分，以及沿每个主成分的方差。

- `x` 是浮点张量 (n, d)：n 个样本，每个 d 个特征，n >= 2；1 <= k <= min(n - 1, d)。
- 返回 `(components, explained_variance)`：
  - `components` (k, d)：标准正交的行，即中心化数据（每列减去其均值）方差最大的方向，
    按方差从大到小排列。
  - `explained_variance` (k,)：数据沿每个主成分的方差，无偏估计——像 torch.var 那样
    除以 n - 1。
  两者的 dtype 都与 x 相同，都在 x 所在的设备上。
- 符号约定（一个方向和它的反方向是同一条轴）：翻转每个主成分，使它绝对值最大的元素为正。
- 对中心化数据做 SVD 可以同时得到两者：xc = U diag(S) Vh，Vh 的行就是方向，S² / (n - 1) 就是方差。
- 评测输入上每个主成分都是良定义的（它的方差与其他主成分的方差明显不同，它最大的元素与第二大的
  元素明显不同）。不要对主成分写 Python 循环；不要修改 `x`。不允许使用：torch.pca_lowrank、
  torch.svd_lowrank、scikit-learn。

示例:
    >>> x = torch.tensor([[2.0, 0.0], [0.0, 1.0], [-3.0, 3.0], [-1.0, 1.0]])   # mean [-0.5, 1.25]
    >>> components, explained_variance = pca(x, 2)
    >>> components                    # the SVD may return either sign: the largest entry is made positive
    tensor([[ 0.8608, -0.5090],
            [ 0.5090,  0.8608]])
    >>> explained_variance            # S² / (n - 1); the total, 5.9167, is the sum of the column variances
    tensor([5.8115, 0.1052])
"""
import torch


def pca(x: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 中心化，SVD，按符号约定取 Vh 的前 k 行，S² / (n - 1)（约 6 行）
    raise NotImplementedError
