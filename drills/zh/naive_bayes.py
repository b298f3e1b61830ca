"""高斯朴素贝叶斯 Gaussian naive Bayes

像 sklearn 的 GaussianNB 那样（fit，然后 predict_log_proba），拟合一个高斯朴素贝叶斯分类器，并
给出每个类别的对数后验。

`fit(X, y, var_smoothing=1e-9) -> (prior, mean, var)`：X (n, d) 为浮点，y (n,) 是取值为 0 .. C-1
的 LongTensor，每个类别至少出现一次（C = y.max() + 1）。
- prior (C,)：每个类别的样本所占的比例。
- mean (C, d)：每个类别中每个特征的均值。
- var (C, d)：每个类别中每个特征的方差，用有偏估计（除以类别样本数，而不是样本数 - 1），再加上平滑
  项 epsilon = var_smoothing · （在全部样本上各特征有偏方差的最大值），所有类别和特征用同一个
  epsilon。（X 不会所有特征都是常数，所以 epsilon > 0，即使只有一个样本的类别 var 也 > 0。）

`predict_log_proba(X, prior, mean, var) -> (m, C)`：X (m, d)；prior、mean、var 与 fit 返回的形式相同
（var 可以是任意正数，prior 是任意和为 1 的正数）。高斯对数密度为
log N(x; μ, σ²) = -½ log(2π σ²) - (x - μ)² / (2σ²)，类别 c 的联合对数似然为
log prior[c] + Σ_j log N(x_j; mean[c, j], var[c, j])；返回它在各类别上归一化后的结果，即后验的
对数：每一行取指数后之和为 1。
- 远离所有类别的点（联合对数似然接近 -1e5）也必须给出有限且正确的结果：全程在对数域中计算；把密度
  相乘（或对联合似然取指数）会下溢成 0，得到 -inf 或 NaN。

输出的 dtype 与 X 相同（float32；float64 也必须能用），在 X 所在的设备上。不要修改输入；不允许使用
scikit-learn。

示例:
    >>> X = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0], [6.0, 5.0], [7.0, 8.0]])
    >>> prior, mean, var = fit(X, torch.tensor([0, 0, 0, 1, 1]))
    >>> prior, mean, var              # epsilon = 1e-9 · 6.16 (feature 1 over all 5 samples)
    (tensor([0.6000, 0.4000]), tensor([[2.0000, 2.0000],
            [6.5000, 6.5000]]), tensor([[0.6667, 0.6667],
            [0.2500, 2.2500]]))
    >>> predict_log_proba(torch.tensor([[2.0, 2.0], [6.0, 6.0], [100.0, 100.0]]), prior, mean, var)
    tensor([[    0.0000,   -45.5232],
            [  -22.9212,     0.0000],
            [    0.0000, -5021.7461]])
"""
import torch


def fit(X: torch.Tensor, y: torch.Tensor, var_smoothing: float = 1e-9) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 各类别的样本数，每个类别的均值和有偏方差，再加上 var_smoothing · 最大的
    # 特征方差（约 7 行）
    raise NotImplementedError


def predict_log_proba(X: torch.Tensor, prior: torch.Tensor, mean: torch.Tensor, var: torch.Tensor) -> torch.Tensor:
    # TODO: 每个类别的高斯对数密度在特征上求和，加上 log prior，再减去该行的
    # log-sum-exp（约 4 行）
    raise NotImplementedError
