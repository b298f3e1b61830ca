"""梯度裁剪 Gradient clipping by global norm

实现 `clip_grad_norm(grads, max_norm, eps=1e-6)`：把所有梯度张量当作「一个」长向量，计算它的 L2 范数，
若超过 `max_norm`，就原地缩放每个张量，使全局范数变为（略小于）`max_norm`。这就是
`torch.nn.utils.clip_grad_norm_`，训练循环在 `loss.backward()` 和 `optimizer.step()` 之间调用它。

    total_norm = sqrt(sum over all tensors g, all elements i of g_i ** 2)
    if total_norm > max_norm:
        g *= max_norm / (total_norm + eps)   for every g, in place

（PyTorch 把缩放因子写成 min(1, max_norm / (total_norm + eps))，并且总是做乘法；两种写法只在 max_norm
以下 eps 范围内有差别，都可以接受。）

- `grads` 是任意形状（含 0 维）的浮点张量列表，都在同一个设备上。要原地修改它们（`g.mul_(...)`）：
  它们是优化器将要读取的参数的 `.grad` 张量，所以返回新张量（或把新张量放进列表）对优化器毫无作用。
- 全局范数不超过 `max_norm` 时，梯度保持原样：绝不放大。
- 返回 `total_norm`，即裁剪之前的范数，作为位于梯度所在设备上的 0 维张量（与 PyTorch 一样：把它记进
  日志可以看出梯度有多大）。不需要 `.item()`。
- 对每个梯度用张量运算：对张量列表循环可以，但不能对张量的元素写 Python 循环。
- 不要调用 torch.nn.utils.clip_grad_norm_、clip_grads_with_norm_ 或 get_total_norm。

示例:
    >>> grads = [torch.tensor([3.0, 0.0]), torch.tensor([[4.0]])]
    >>> clip_grad_norm(grads, max_norm=1.0)         # the global norm is sqrt(9 + 16) = 5
    tensor(5.)
    >>> grads                                        # each scaled by 1 / (5 + 1e-6)
    [tensor([0.6000, 0.0000]), tensor([[0.8000]])]
"""
import torch


def clip_grad_norm(grads: list[torch.Tensor], max_norm: float, eps: float = 1e-6) -> torch.Tensor:
    # TODO: 对所有张量求全局 L2 范数，再原地乘上同一个缩放因子（约 5 行）
    raise NotImplementedError
