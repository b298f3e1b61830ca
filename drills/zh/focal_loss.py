"""焦点损失 Focal loss

实现 `focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean")`：RetinaNet
（Lin et al., 2017）的二分类 focal loss，含义与 torchvision.ops.sigmoid_focal_loss 相同。
对每个元素，设 p = sigmoid(logit)，target t 取 {0, 1}：

    ce      = -(t * log(p) + (1 - t) * log(1 - p))          binary cross-entropy
    p_t     = p * t + (1 - p) * (1 - t)                      probability of the true class
    alpha_t = alpha * t + (1 - alpha) * (1 - t)              alpha for positives, 1 - alpha for negatives
    loss    = alpha_t * (1 - p_t) ** gamma * ce

- `logits`：浮点 `(N,)`；`targets`：由 0.0 和 1.0 组成的浮点 `(N,)`，形状相同。
- `alpha < 0` 表示完全不做类别加权（alpha_t = 1），与 torchvision 一致。
- `reduction`："mean"（0 维张量，默认）、"sum"（0 维）或 "none"（形状为 `(N,)` 的各项损失）。
- 调制因子是 (1 - p_t) ** gamma：有把握且正确的预测（p_t 接近 1）被降权。gamma = 0 且
  alpha < 0 时就是普通的二分类交叉熵。
- logits 大到 ±1e4 时也要数值稳定：sigmoid 一旦下溢，log(sigmoid(x)) 就是 log(0) = -inf；
  应该用 log(sigmoid(x)) = -softplus(-x)（F.logsigmoid）或 F.binary_cross_entropy_with_logits，
  它们在任何量级下都是精确的。
- 对 `logits` 的梯度要评分（对 targets 的不评分）。输出的 dtype 和设备与 logits 相同；不修改输入。

示例:
    >>> logits = torch.tensor([2.0, -1.0, 0.5, -3.0])
    >>> targets = torch.tensor([1.0, 0.0, 0.0, 1.0])
    >>> focal_loss(logits, targets, reduction="none")
    tensor([4.5089e-04, 1.6994e-02, 2.8306e-01, 6.9157e-01])
    >>> focal_loss(logits, targets)
    tensor(0.2480)
    >>> focal_loss(logits, targets, alpha=-1, gamma=0, reduction="none")   # = BCE with logits
    tensor([0.1269, 0.3133, 0.9741, 3.0486])
"""
import torch
import torch.nn.functional as F


def focal_loss(logits: torch.Tensor, targets: torch.Tensor, alpha: float = 0.25, gamma: float = 2.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: 由 logits 算数值稳定的 BCE，再算 p_t、(1 - p_t) ** gamma 因子、alpha_t，最后归约
    # （约 10 行）
    raise NotImplementedError
