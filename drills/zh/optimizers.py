"""优化器 Optimizers: Adam, Adagrad, RMSprop, Lion

实现四种优化器的一步，每个都与对应 PyTorch 优化器的 `step()` 完全一致（Lion：按论文的更新公式；
PyTorch 没有 Lion）。每个训练步调用一次，传入同一个 `state` dict，第一次调用时为空；它原地更新
`params`，返回 None。`g` 是参数的梯度，`p` 是参数；所有运算都是逐元素的。

`adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)`：
torch.optim.Adam（不是 AdamW：衰减是 L2，加到梯度上，再和梯度一起被归一化）。
    step += 1
    g      = g + weight_decay * p               L2 regularisation, BEFORE the moments
    m      = beta1 * m + (1 - beta1) * g
    v      = beta2 * v + (1 - beta2) * g * g
    p     -= lr * (m / (1 - beta1 ** step)) / (sqrt(v / (1 - beta2 ** step)) + eps)
  state："step"（Python int，第一次调用后为 1）、"exp_avg" (m)、"exp_avg_sq" (v)。

`adagrad_step(params, grads, state, lr, eps=1e-10, weight_decay=0.0, initial_accumulator_value=0.0)`：
torch.optim.Adagrad（lr_decay 为 0）。
    g      = g + weight_decay * p
    s      = s + g * g                          s starts at initial_accumulator_value
    p     -= lr * g / (sqrt(s) + eps)
  state："sum" (s)。

`rmsprop_step(params, grads, state, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False)`：
torch.optim.RMSprop。没有偏差修正。
    g      = g + weight_decay * p
    sq     = alpha * sq + (1 - alpha) * g * g
    ga     = alpha * ga + (1 - alpha) * g       only when centered
    avg    = sqrt(sq - ga * ga) + eps           when centered, else sqrt(sq) + eps
    buf    = momentum * buf + g / avg;  p -= lr * buf      when momentum > 0
    p     -= lr * g / avg                                   when momentum == 0
  state："square_avg" (sq)；centered 时还有 "grad_avg" (ga)，momentum > 0 时还有 "momentum_buffer"
  (buf)。两者都从零开始。

`lion_step(params, grads, state, lr, betas=(0.9, 0.99), weight_decay=0.0)`：Lion（Chen et al.,
2023, "Symbolic Discovery of Optimization Algorithms"），使用解耦的权重衰减。
    c      = beta1 * m + (1 - beta1) * g        the step interpolates with beta1 ...
    p     -= lr * (sign(c) + weight_decay * p)  (p on the right is the param before this step)
    m      = beta2 * m + (1 - beta2) * g        ... the momentum is tracked with beta2, after
  state："exp_avg" (m)，从零开始。

- 上面提到的每个 state 条目都是张量列表，每个参数一个，顺序与 `params` 相同。评分器每次调用后都会
  比对这些条目（你额外保存的其他键不会被读取）。
- `params`：任意形状（含 0 维）的浮点张量列表；它们和 nn.Parameter 一样是需要梯度的叶子张量，
  所以要在 `torch.no_grad()` 下原地更新（p.add_、p.addcdiv_ 等）：调用者持有的就是这些张量。
  `grads`：形状相同的张量列表。不要修改 `grads`。
- eps 在所有地方都加在根号外面。
- 对参数张量写 Python 循环没问题；但不能对张量的元素或行循环。不要使用 torch.optim。

示例:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> adam_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    >>> p.data        # g + 0.1 * p = [0.6, -0.3]; the first step is lr * sign of that
    tensor([ 0.9000, -1.9000])
    >>> state["step"], state["exp_avg"]
    (1, [tensor([ 0.0600, -0.0300])])
    >>> q, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> adagrad_step([q], [torch.tensor([0.5, -0.1])], s, lr=0.1)
    >>> adagrad_step([q], [torch.tensor([0.5, 0.2])], s, lr=0.1)
    >>> q.data, s["sum"]
    (tensor([ 0.8293, -1.9894]), [tensor([0.5000, 0.0500])])
    >>> r, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> rmsprop_step([r], [torch.tensor([0.5, -0.1])], s, lr=0.01)
    >>> r.data, s["square_avg"]      # lr / sqrt(1 - alpha) = 0.1 against the gradient
    (tensor([ 0.9000, -1.9000]), [tensor([0.0025, 0.0001])])
    >>> w, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> lion_step([w], [torch.tensor([0.5, -0.1])], s, lr=0.1, weight_decay=0.1)
    >>> w.data, s["exp_avg"]         # [1, -2] * (1 - 0.01) - 0.1 * sign(g)
    (tensor([ 0.8900, -1.8800]), [tensor([ 0.0050, -0.0010])])
"""
import torch


def adam_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.0) -> None:
    # TODO: 第一次调用时创建 state，步数加一，然后对每个参数：把 L2 加进
    # 梯度，更新两个动量，偏差修正，更新参数（约 12 行）
    raise NotImplementedError


def adagrad_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, eps: float = 1e-10,
                 weight_decay: float = 0.0, initial_accumulator_value: float = 0.0) -> None:
    # TODO: 第一次调用时创建累加和；然后对每个参数：L2，累加 g²，更新参数（约 6 行）
    raise NotImplementedError


def rmsprop_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, alpha: float = 0.99,
                 eps: float = 1e-8, weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False) -> None:
    # TODO: 第一次调用时创建 state；然后对每个参数：L2，平方的滑动平均，需要时用中心化的
    # 分母，普通或带动量的更新（约 18 行）
    raise NotImplementedError


def lion_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.99), weight_decay: float = 0.0) -> None:
    # TODO: 第一次调用时创建动量；然后对每个参数：取 beta1 插值的符号，
    # 衰减并更新参数，再用 beta2 更新动量（约 8 行）
    raise NotImplementedError
