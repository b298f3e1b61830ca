"""回归损失 Regression losses

实现四个损失函数，含义与 PyTorch 内置实现完全一致。每个函数接收两个形状相同的浮点张量（任意形状，
包括 0 维张量）和一个 `reduction`：

    with d = pred - target:
    mse_loss(pred, target)               l = d²
    huber_loss(pred, target, delta=1.0)  l = 0.5 · d²                  if |d| <= delta
                                             delta · (|d| - 0.5 · delta)  otherwise
    smooth_l1_loss(pred, target, beta=1.0)
                                         l = 0.5 · d² / beta           if |d| < beta
                                             |d| - 0.5 · beta             otherwise
    hinge_loss(scores, target, margin=1.0)
                                         l = max(0, margin - target · scores)

- `reduction="none"`：逐元素的损失，形状与输入相同。`"sum"`：它们的和。`"mean"`（默认）：对
  所有元素取平均（不是按行）。`"sum"` 和 `"mean"` 返回 0 维张量。
- Huber 和 smooth L1 是同一条曲线的缩放：huber(d, delta) = delta · smooth_l1(d, beta=delta)。
  二者的二次部分不同（0.5 · d² 对 0.5 · d² / beta），线性部分也不同（斜率 delta 对斜率 1）；
  delta = beta = 1 时二者重合，取其他值时不重合。`delta` 和 `beta` 是 > 0 的浮点数：很小时
  （几乎）全部落在线性段，很大时全部落在二次段。`margin` 是 >= 0 的浮点数；hinge 的 `target`
  取值为 -1.0 和 +1.0（浮点数）。
- 结果与输入的 dtype 和设备相同（float64 也必须支持）；梯度传到两个输入（hinge 的 target 是
  标签：只对 scores 的梯度评分）；不修改输入。不要对元素写 Python 循环。
- 不要调用内置实现（F.mse_loss、F.huber_loss、F.smooth_l1_loss、F.hinge_embedding_loss、
  F.multi_margin_loss 或对应的 nn 模块）：用张量运算自己写。

示例:
    >>> pred = torch.tensor([0.5, -2.0, 3.0])
    >>> target = torch.tensor([0.0, 0.0, 1.0])          # d = [0.5, -2, 2]
    >>> mse_loss(pred, target, reduction="none"), mse_loss(pred, target)
    (tensor([0.2500, 4.0000, 4.0000]), tensor(2.7500))
    >>> huber_loss(pred, target, reduction="none")      # |d| = 2 > delta = 1: linear
    tensor([0.1250, 1.5000, 1.5000])
    >>> huber_loss(pred, target, delta=2.0, reduction="none")      # all quadratic
    tensor([0.1250, 2.0000, 2.0000])
    >>> smooth_l1_loss(pred, target, beta=2.0, reduction="none")   # huber / beta
    tensor([0.0625, 1.0000, 1.0000])
    >>> scores, y = torch.tensor([0.3, -2.0, 1.5]), torch.tensor([1.0, -1.0, -1.0])
    >>> hinge_loss(scores, y, reduction="sum")          # 0.7 + 0 + 2.5
    tensor(3.2000)
"""
import torch


def mse_loss(pred: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    # TODO: 平方误差，再做归约（约 3 行）
    raise NotImplementedError


def huber_loss(pred: torch.Tensor, target: torch.Tensor, delta: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: |d| <= delta 内取二次，外面取线性，再做归约（约 4 行）
    raise NotImplementedError


def smooth_l1_loss(pred: torch.Tensor, target: torch.Tensor, beta: float = 1.0,
                   reduction: str = "mean") -> torch.Tensor:
    # TODO: |d| < beta 内取二次 / beta，外面取 |d| - beta / 2，再做归约（约 4 行）
    raise NotImplementedError


def hinge_loss(scores: torch.Tensor, target: torch.Tensor, margin: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: max(0, margin - target * scores)，再做归约（约 3 行）
    raise NotImplementedError
