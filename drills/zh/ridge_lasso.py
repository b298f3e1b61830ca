"""岭回归与Lasso(坐标下降) Ridge and lasso regression

两种带惩罚的线性回归 y ≈ X @ w + b，X (n, d) 为浮点，y (n,)，返回 (w (d,), b 0 维)，dtype 与 X
相同，在 X 所在的设备上。两者都不惩罚截距 b。两个目标函数的缩放方式不同，与 scikit-learn 的 Ridge
和 Lasso 完全一致：

`ridge(X, y, alpha)`：最小化  ‖y - X w - b‖²  +  alpha · ‖w‖²（是平方和，没有 1/n，也没有 ½），
alpha > 0。闭式解：用均值对 X 和 y 中心化（截距随之消去），求解 d × d 的正规方程，
b = mean(y) - mean(X) · w。

`lasso(X, y, alpha, max_iter=1000, tol=1e-6)`：最小化  1/(2n) · ‖y - X w - b‖²  +  alpha · ‖w‖₁，
alpha > 0，在中心化后的数据 Xc、yc 上做循环坐标下降：
- 从 w = 0 开始。一轮按顺序更新 j = 0, 1, ..., d-1，每次都基于当前 w 的残差（包括本轮中先前已更新
  的坐标）：设
  r = yc - Xc @ w，z_j = ‖Xc[:, j]‖² / n，ρ_j = Xc[:, j] · r / n + z_j · w_j，
  则新的 w_j = S(ρ_j, alpha) / z_j，即沿坐标 j 的精确最小值点，其中软阈值为
  S(ρ, a) = sign(ρ) · max(|ρ| - a, 0)。常数列（z_j = 0）保持 w_j = 0。
- 在第一个没有任何坐标变化达到 tol 的轮次之后停止（max |Δw_j| < tol），或者在 max_iter 轮之后
  停止。然后 b = mean(y) - mean(X) · w。
- 评测误差限为 1e-4（相对误差，以及按系数大小放缩的绝对误差），对照上述目标函数的收敛解；对于一两
  轮（max_iter = 1 或 2）或提前停止（tol 很大）的情况，则严格对照这个更新序列。

浮点输入为 float32（float64 也必须能用）。预期会对轮次和坐标写 Python 循环；但不要对样本循环。
不要修改输入；不允许使用 scikit-learn。

示例:
    >>> X = torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 3.0]]); y = torch.tensor([1.0, 2.0, 4.0, 7.0])
    >>> ridge(X, y, alpha=1.0)
    (tensor([1.2472, 0.7191]), tensor(0.7303))
    >>> lasso(X, y, alpha=0.1)
    (tensor([1.5000, 0.6000]), tensor(0.5000))
    >>> lasso(X, y, alpha=0.1, max_iter=1)      # one sweep from zero
    (tensor([1.9200, 0.2905]), tensor(0.2568))
    >>> lasso(X, y, alpha=2.0)                  # |ρ_1| <= alpha at the optimum: w_1 is exactly 0
    (tensor([0.4000, 0.0000]), tensor(2.9000))
"""
import torch


def ridge(X: torch.Tensor, y: torch.Tensor, alpha: float) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 中心化，求解 (Xcᵀ Xc + alpha I) w = Xcᵀ yc，还原 b（约 5 行）
    raise NotImplementedError


def lasso(X: torch.Tensor, y: torch.Tensor, alpha: float, max_iter: int = 1000,
          tol: float = 1e-6) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 中心化，然后逐轮用软阈值更新各坐标，并保持残差是最新的；
    # 按 tol 停止；还原 b（约 16 行）
    raise NotImplementedError
