"""逻辑回归(手推梯度下降) Logistic regression by gradient descent

带 L2 惩罚的二分类逻辑回归，用全批量梯度下降训练，梯度要手推、手算——不用 autograd。

    z    = X @ w + b                                   # X (N, D), w (D,), b a 0-d tensor -> z (N,)
    loss = mean over the N samples of [ -y log sigmoid(z) - (1 - y) log(1 - sigmoid(z)) ]
           + (l2 / 2) * ||w||²                         # the bias b is NOT penalised

`loss_and_grad(X, y, w, b, l2=0.0)` 返回 `(loss, dw, db)`：损失（0 维）、d loss / dw (D,) 以及
d loss / db（0 维）。

- `y` (N,) 存放标签 0.0 / 1.0，dtype 与 X 相同。浮点输入为 float32（float64 也必须能用）；输出的
  dtype 和设备与输入相同。
- 对任意 logit 都要数值稳定：z = ±1000 时损失也必须有限（没有 inf，没有 NaN）。log(sigmoid(z)) 和
  log(1 + exp(z)) 都不稳定；损失的写法要保证 exp 永远不溢出。
- 不允许使用：torch.autograd.grad、Tensor.backward（或 torch.func），以及现成的损失函数
  F.binary_cross_entropy(_with_logits)、F.logsigmoid、F.softplus（torch.sigmoid 可以用）。

`fit(X, y, l2=0.0, lr=0.1, steps=100)` 返回在该损失上做 `steps` 步梯度下降之后的 `(w, b)`，从
w = 0 (D,) 和 b = 0（0 维）开始：每一步在当前 (w, b) 处计算 (dw, db)，然后 w -= lr * dw，
b -= lr * db（两者都基于同一个点）。steps = 0 时返回全零。评测会对照参考实现的轨迹，所以要严格
按这个更新规则来。

不要对样本写 Python 循环（对步数循环没问题）；不要修改输入。

示例:
    >>> X = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]); y = torch.tensor([1.0, 0.0, 1.0])
    >>> loss_and_grad(X, y, torch.tensor([0.5, -0.25]), torch.tensor(0.1), l2=0.1)   # z = [0.1, -0.525, 0.35]
    (tensor(0.5631), tensor([-0.2322, -0.1419]), tensor(-0.1722))
    >>> fit(X, y, l2=0.1, lr=0.5, steps=100)
    (tensor([ 1.5489, -0.3469]), tensor(1.0282))
"""
import torch


def loss_and_grad(X: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor,
                  l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits，稳定的平均对数损失 + (l2/2)||w||²，然后 d loss/d z = (sigmoid(z) - y) / N，
    # 再由它得到 dw 和 db（约 5 行）
    raise NotImplementedError


def fit(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
        steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 从全零开始，对 (w, b) 做 `steps` 步梯度下降（约 5 行）
    raise NotImplementedError
