"""三元组损失 Triplet loss with batch-hard mining, and the contrastive loss

实现嵌入上的两个度量学习损失，距离用普通欧氏距离 d(u, v) = ‖u − v‖₂（不取平方，除非公式里
明确平方）。

`batch_hard_triplet_loss(embeddings, labels, margin=1.0)`：Hermans 等人 2017（"In Defense of the
Triplet Loss"）的 batch-hard 三元组损失：batch 中的每一行都是一个 anchor。
- `embeddings`：浮点 `(N, D)`，N >= 1；`labels`：int64 `(N,)`，取值任意（值相等 = 同一类）。
  `margin`：>= 0 的浮点数。
- 对 anchor i：它的正样本是同类的其他行（j != i：anchor 永远不是自己的正样本）；它的负样本是
  所有其他类的行。
      hardest positive  d⁺_i = max over positives j of d(x_i, x_j)     (the farthest one)
      hardest negative  d⁻_i = min over negatives k of d(x_i, x_k)     (the nearest one)
      loss_i = max(0, d⁺_i − d⁻_i + margin)
  这正是在挖出的三元组上的 F.triplet_margin_loss(x_i, x_j, x_k, margin)。
- 没有正样本（所在类只有它一行）或没有负样本（batch 中只有一个类）的 anchor 没有三元组：把它
  排除在外。返回有三元组的 anchor 上 loss_i 的平均；一个都没有时返回 0（仍是 embeddings 的
  autograd 计算图中的 0 维张量，就像对空的 anchor 集合求和那样：其梯度为 0）。

`contrastive_loss(x1, x2, same, margin=1.0)`：Hadsell 等人 2006 的 Siamese 成对损失：
- `x1`、`x2`：浮点 `(N, D)`，N >= 1，两者的第 i 行构成第 i 对；`same`：bool `(N,)`，第 i 对属于
  同一类时为 True（拉近），否则为 False（推开）。`margin` > 0。
      d_i = ‖x1_i − x2_i‖,   loss_i = d_i²  if same_i,   max(0, margin − d_i)²  if not
  返回 loss_i 在 N 对上的平均（没有 1/2 系数）。

两个函数都返回一个 0 维张量，dtype 和设备与嵌入相同；梯度流向嵌入（会检查，而且必须有限：一行
到自身的距离为 0，sqrt 在该处斜率无穷大；(a − b).norm(dim=-1) 和 torch.cdist 在该处梯度为 0；
对平方距离开 sqrt 则需要 clamp）。不要对行写 Python 循环；不修改输入。
可以使用 F.relu、torch.cdist 和 Tensor.norm；不能使用 F.triplet_margin_loss 及其他内置的度量
学习损失。

示例:
    >>> x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [4.0, 1.0], [2.0, 4.0]])
    >>> batch_hard_triplet_loss(x, torch.tensor([0, 0, 1, 1, 2]), margin=2.0)
    tensor(2.2120)
    # anchor 0: d⁺ = d(x0, x1) = 1, d⁻ = d(x0, x2) = 2        -> 1 - 2 + 2 = 1
    # anchor 1: d⁺ = 1, d⁻ = d(x1, x2) = √5                   -> 0.7639
    # anchor 2: d⁺ = d(x2, x3) = √17, d⁻ = d(x2, x0) = 2      -> 4.1231
    # anchor 3: d⁺ = √17, d⁻ = d(x3, x1) = √10                -> 2.9608
    # anchor 4 is alone in class 2: no positive, left out; mean of the four = 2.2120
    >>> a = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    >>> b = torch.tensor([[3.0, 4.0], [1.0, 1.5], [2.0, 1.5]])
    >>> contrastive_loss(a, b, torch.tensor([True, False, False]), margin=1.0)
    tensor(8.4167)
    # d = [5, 0.5, 1.5]: (5² + (1 - 0.5)² + 0) / 3
"""
import torch


def batch_hard_triplet_loss(embeddings: torch.Tensor, labels: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    # TODO: (N, N) 距离矩阵，正样本（同标签且不是 anchor 自己）和负样本的掩码，每行各取最难的，
    # hinge，再对同时有正负样本的 anchor 取平均（约 10 行）
    raise NotImplementedError


def contrastive_loss(x1: torch.Tensor, x2: torch.Tensor, same: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    # TODO: 各对的距离，同类对取 d²，其余取平方 hinge，再取平均（约 3 行）
    raise NotImplementedError
