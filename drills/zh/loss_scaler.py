"""动态损失缩放 Dynamic loss scaling

混合精度训练在 float16 下计算梯度，而 float16 中很小的值会下溢成 0。解决办法：在 backward()
之前把损失乘以一个很大的缩放因子（每个梯度也随之被放大同样倍数），在优化器 step 之前把梯度再除以
它，并在训练过程中动态调整缩放因子：缩放后的梯度溢出（inf 或 NaN）时就减小，连续很长一段时间
没有溢出就增大。实现 `class LossScaler`，语义与 torch.amp.GradScaler 相同。

`LossScaler(init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000)`
维护两个属性，评分器在每一步之后都会读取：
    self.loss_scale       a Python float, the current scale (init_scale at first)
    self.growth_tracker   a Python int, the number of good steps in a row since the scale last
                          changed (0 at first)

一个训练步按以下顺序调用：
1. `scale(loss) -> loss * loss_scale`：一个与 loss 形状和 dtype 相同的张量，并连接在 loss 的
   autograd 计算图上（必须能对它做 backward）。
2. `step(optimizer_step, grads) -> bool`：`grads` 是张量列表（各参数缩放后的梯度），
   `optimizer_step` 是一个无参函数，它正是根据这些张量来更新参数。
   - 把每个 grad 原地除以 loss_scale（优化器 step 读的就是传给你的这些张量）。
   - 如果任何 grad 含有 inf 或 NaN（检查传入时的 grad）：不要调用 optimizer_step，返回 False；
   - 否则调用一次 optimizer_step() 并返回 True。
3. `update() -> None`，每一步之后调用：
   - 如果上一步发现了 inf 或 NaN：loss_scale *= backoff_factor，growth_tracker = 0；
   - 否则 growth_tracker += 1；当它达到 growth_interval 时：loss_scale *= growth_factor 且
     growth_tracker = 0。
- 对 grads 写 Python 循环没问题；但不要对它们的元素或行写循环。不要使用 torch.amp.GradScaler
  或它的私有辅助函数。

示例:
    >>> scaler = LossScaler(init_scale=8.0, growth_interval=2)
    >>> g = [torch.tensor([8.0, -16.0])]
    >>> scaler.scale(torch.tensor(0.5))
    tensor(4.)
    >>> scaler.step(sgd_step, g), g      # sgd_step reads g: it sees the unscaled grads
    (True, [tensor([ 1., -2.])])
    >>> scaler.update(); scaler.loss_scale, scaler.growth_tracker
    (8.0, 1)
    >>> _ = scaler.step(sgd_step, [torch.tensor([8.0, 8.0])]); scaler.update()
    >>> scaler.loss_scale, scaler.growth_tracker          # two good steps: grow
    (16.0, 0)
    >>> scaler.step(sgd_step, [torch.tensor([float("inf"), 1.0])])    # overflow: skipped
    False
    >>> scaler.update(); scaler.loss_scale, scaler.growth_tracker
    (8.0, 0)
"""
from typing import Callable

import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000):
        # TODO: 保存各项设置、loss_scale 和 growth_tracker，并留一个地方记录上一步是否溢出
        # （约 5 行）
        raise NotImplementedError

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        # TODO: （约 1 行）
        raise NotImplementedError

    def step(self, optimizer_step: Callable[[], None], grads: list[torch.Tensor]) -> bool:
        # TODO: 检查 inf/NaN，原地反缩放，没有溢出才执行 step（约 7 行）
        raise NotImplementedError

    def update(self) -> None:
        # TODO: 溢出时减小缩放因子并清零计数，否则计数，每 growth_interval 个正常步增大一次
        # （约 8 行）
        raise NotImplementedError
