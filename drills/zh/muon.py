"""Muon优化器 Muon optimiser step

实现两个函数：`newton_schulz(G, steps=5)`，用 Muon（Keller Jordan，2024）的五次 Newton–Schulz 迭代把一个
矩阵正交化；以及 `muon_step(params, grads, state, lr,
momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0)`，Muon 的一步更新——与相同超参数下
`torch.optim.Muon.step()` 的计算相同，但用参数自己的 dtype。Muon 把每个二维权重的更新量替换为最接近的
“正交”矩阵，即动量的 SVD U S Vᵀ 中的 U Vᵀ，并且不做 SVD 而是近似求出。

newton_schulz(G)，G 是形状为 (rows, cols) 的浮点矩阵：

    X = Gᵀ if rows > cols else G           work on the WIDE orientation: the Gram matrix X Xᵀ is
                                           (r, r), r = min(rows, cols) — never (max, max)
    X = X / (‖X‖_F + 1e-7)                 Frobenius norm: every singular value in [0, 1]; the
                                           1e-7 only keeps a zero matrix at 0 (torch.optim.Muon's
                                           norm.clamp(min=1e-7) is as good)
    repeat `steps` times, with (a, b, c) = (3.4445, -4.7750, 2.0315):
        A = X Xᵀ
        X = a·X + (b·A + c·A·A) X          each singular value s becomes a·s + b·s³ + c·s⁵
    return Xᵀ if rows > cols else X        the shape of G

  这组系数会把每个奇异值迅速推到约 [0.7, 1.2] 的范围内，而不是正好推到 1（会评分：接近 1，但不等于 1）。
  用 G 的 dtype 计算（不要转成 bfloat16）。

muon_step，对每个参数 p（一个二维矩阵），梯度为 g，动量缓冲为 buf：

    buf = momentum · buf + (1 - momentum) · g          buf.lerp_(g, 1 - momentum); buf starts at 0
    u   = (1 - momentum) · g + momentum · buf          if nesterov (the updated buf), else u = buf
    O   = newton_schulz(u, ns_steps)
    p  *= 1 - lr · weight_decay                        decoupled weight decay, plain lr, first
    p  -= lr · sqrt(max(1, rows / cols)) · O           tall matrices take a larger step

- `params`：浮点二维张量的列表（包括 1 x n 和 n x 1）；它们像 nn.Parameter 一样是 requires grad 的
  叶子张量：在 `torch.no_grad()` 下原地更新它们；返回 None。`grads`：形状相同；不能修改它们。
- `state`：一个 dict，第一次调用时为空；之后 `state["momentum_buffer"]` 是张量列表，每个参数一个
  （评分器在每次调用后都会比对它）。
- 零梯度给出零更新（1e-7 就是为此而加的）。不评分梯度。
- 对参数和 `steps` 次迭代写 Python 循环没问题；不要对行或元素写循环。不要使用 torch.optim。

示例:
    >>> newton_schulz(torch.tensor([[3.0, 0.0], [0.0, 4.0]]))      # singular values 0.6, 0.8 after norming
    tensor([[0.7229, 0.0000],
            [0.0000, 1.1192]])
    >>> p = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
    >>> state = {}
    >>> muon_step([p], [torch.tensor([[0.5, 0.0], [0.0, -0.25]])], state, lr=0.1)
    >>> p.data                               # p - 0.1 · newton_schulz(u), u = 0.0975 · g
    tensor([[ 0.9311, -1.0000],
            [ 0.5000,  2.1114]])
    >>> state["momentum_buffer"]             # 0.05 · g
    [tensor([[ 0.0250,  0.0000],
            [ 0.0000, -0.0125]])]
"""
import torch


def newton_schulz(G: torch.Tensor, steps: int = 5) -> torch.Tensor:
    # TODO: 转成宽矩阵方向，除以 Frobenius 范数，做 `steps` 次五次迭代，再转回原方向
    # （约 9 行）
    raise NotImplementedError


def muon_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              momentum: float = 0.95, nesterov: bool = True, ns_steps: int = 5, weight_decay: float = 0.0) -> None:
    # TODO: 第一次调用时创建缓冲；对每个参数：动量，Nesterov，正交化，
    # 权重衰减，按比例缩放的更新（约 11 行）
    raise NotImplementedError
