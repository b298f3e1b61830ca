"""线性回归(正规方程与梯度下降) Linear regression: closed form and gradient descent

通过最小化带岭正则的均方误差来拟合 y ≈ X @ w + b

    loss(w, b) = 1/(2N) · Σ_i (x_i · w + b - y_i)²  +  (l2 / 2) · ‖w‖²

其中 X (N, D)，y (N,)，w (D,)，b 是 0 维张量。截距 b 不受惩罚。用两种方法实现；每种都返回
`(w, b)`，dtype 与 X 相同，在 X 所在的设备上。

`fit_closed_form(X, y, l2=0.0)`：精确的最小值点，由正规方程得到（令梯度为 0）。要稳定地求解：
X 可能有近似共线的列（float32 下 XᵀX 的条件数接近 1e7），这时显式求逆（torch.linalg.inv，或任何
东西 @ 逆矩阵）会丢掉答案。评测看你的 (w, b) 满足正规方程的程度：要和后向稳定的求解
（torch.linalg.solve、Cholesky 求解、torch.linalg.lstsq）差不多。l2 = 0 时，X 的样本数多于特征数，
且没有完全共线的列；l2 > 0 时任何情况都可能出现（甚至 N < D）。

`fit_gd(X, y, l2=0.0, lr=0.1, steps=100)`：在同一个损失上做 `steps` 步全批量梯度下降，从 w = 0、
b = 0 开始。每一步在当前 (w, b) 处手动计算梯度 (dw, db)，然后 w -= lr * dw，b -= lr * db（两者都
基于同一个点）。steps = 0 时返回全零。评测会对照参考实现的轨迹，所以要严格按这个更新规则来。

- 浮点输入为 float32（float64 也必须能用）。不要对样本写 Python 循环（对步数循环没问题）；不要
  修改输入。
- 不允许使用：torch.autograd.grad、Tensor.backward（或 torch.func）——梯度要手推——以及
  scikit-learn。

示例:
    >>> X = torch.tensor([[0.0], [1.0], [2.0], [3.0]]); y = torch.tensor([1.0, 3.0, 5.0, 7.0])   # y = 2x + 1
    >>> fit_closed_form(X, y)
    (tensor([2.]), tensor(1.))
    >>> fit_closed_form(X, y, l2=0.5)       # w shrinks: 10 / (5 + 4 · 0.5); b = mean(y) - mean(x) · w
    (tensor([1.4286]), tensor(1.8571))
    >>> fit_gd(X, y, lr=0.1, steps=1)       # r = -y at zeros: dw = mean(r · x) = -8.5, db = mean(r) = -4
    (tensor([0.8500]), tensor(0.4000))
    >>> fit_gd(X, y, lr=0.1, steps=200)
    (tensor([2.0001]), tensor(0.9999))
"""
import torch


def fit_closed_form(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 对 X 和 y 中心化，稳定地求解 (Xcᵀ Xc + N·l2·I) w = Xcᵀ yc，再还原 b（约 6 行）
    raise NotImplementedError


def fit_gd(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
           steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 从全零开始，迭代 `steps` 步：残差、dw、db、同时更新（约 6 行）
    raise NotImplementedError
