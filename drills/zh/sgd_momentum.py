"""动量SGD SGD with momentum

实现 `sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0)`：带动量的
随机梯度下降的一步，与 `torch.optim.SGD.step()`（dampening 0）完全一致。每个训练步调用一次；它原地
更新 `params`，返回 None。

    d   = g + weight_decay * p                 L2 decay joins the gradient, BEFORE momentum
    buf = d                        on the first step (PyTorch starts the buffer at the gradient)
    buf = momentum * buf + d       on every later step
    p  -= lr * buf                             plain momentum
    p  -= lr * (d + momentum * buf)            Nesterov (nesterov=True), with the UPDATED buf

- `params`：任意形状（含 0 维）的浮点张量列表；它们和 nn.Parameter 一样是需要梯度的叶子张量，
  所以要在 `torch.no_grad()` 下原地更新（p.add_、p.sub_ 等）：调用者持有的就是这些张量。`grads`：
  形状相同的张量列表。不要修改 `grads`（如果第一个动量缓冲区就是梯度张量本身而不是副本，下一次
  调用的 buf.mul_() 就会改掉它）。
- `nesterov=True` 只会和 momentum > 0 一起出现（否则 PyTorch 会拒绝）。
- `state`：一个 dict，第一次调用时为空；此时填好它，之后每次调用都更新它。其结构是固定的
  （momentum != 0 时评分器都会比对它）：
      state["momentum_buffer"]   a list of tensors, one per param: buf
  momentum = 0 时就是普通 SGD，p -= lr * d；此时不对 state 评分。
- 注意 lr 是在更新时乘到缓冲区上的；缓冲区本身不含 lr。
- 对参数张量写 Python 循环没问题（PyTorch 默认实现就是这样）；但不能对张量的元素或行循环。不要使用
  torch.optim。

示例:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> sgd_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1)
    >>> p.data, state["momentum_buffer"]          # first step: buf = g
    (tensor([ 0.9500, -1.9900]), [tensor([ 0.5000, -0.1000])])
    >>> sgd_step([p], [torch.tensor([0.3, 0.2])], state, lr=0.1)
    >>> p.data, state["momentum_buffer"]          # buf = 0.9 * [0.5, -0.1] + [0.3, 0.2]
    (tensor([ 0.8750, -2.0010]), [tensor([0.7500, 0.1100])])
"""
import torch


def sgd_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, momentum: float = 0.9,
             nesterov: bool = False, weight_decay: float = 0.0) -> None:
    # TODO: 加上权重衰减后的梯度；缓冲区（第一次调用时是 d 的副本，之后是 momentum * buf + d）；
    # 然后做普通或 Nesterov 更新，原地进行且不经过 autograd（约 10 行）
    raise NotImplementedError
