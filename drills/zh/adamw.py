"""AdamW优化器 AdamW step

实现 `adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)`：
AdamW（Loshchilov & Hutter）的一步，与 `torch.optim.AdamW.step()` 完全一致。每个训练步调用一次；
它原地更新 `params`，返回 None。

    step += 1
    p     *= 1 - lr * weight_decay                    decoupled weight decay (AdamW), first
    m      = beta1 * m + (1 - beta1) * g              exp_avg
    v      = beta2 * v + (1 - beta2) * g * g          exp_avg_sq
    m_hat  = m / (1 - beta1 ** step)                  bias corrections: m and v start at 0
    v_hat  = v / (1 - beta2 ** step)
    p     -= lr * m_hat / (sqrt(v_hat) + eps)         eps OUTSIDE the square root

- `params`：任意形状（含 0 维）的浮点张量列表；它们和 nn.Parameter 一样是需要梯度的叶子张量，
  所以要在 `torch.no_grad()` 下原地更新（p.mul_、p.add_ 等）：调用者持有的就是这些张量。`grads`：
  形状相同的张量列表。不要修改 `grads`。
- `state`：一个 dict，第一次调用时为空；此时填好它，之后每次调用都更新它。其结构是固定的
  （评分器会比对它）：
      state["step"]        a Python int, the number of steps taken (1 after the first call)
      state["exp_avg"]     a list of tensors, one per param: m
      state["exp_avg_sq"]  a list of tensors, one per param: v
- 权重衰减是解耦的：它直接缩小权重，而不是加到梯度上（那是带 L2 正则的 Adam，其衰减项会被 Adam
  的归一化重新缩放）。
- 对参数张量写 Python 循环没问题（PyTorch 默认实现就是这样）；但不能对张量的元素或行循环。不要使用
  torch.optim。

示例:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> adamw_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    >>> p.data        # decay: [0.99, -1.98]; first step: m_hat = g, v_hat = g², so lr * sign(g)
    tensor([ 0.8900, -1.8800])
    >>> state["step"], state["exp_avg"], state["exp_avg_sq"]
    (1, [tensor([ 0.0500, -0.0100])], [tensor([2.5000e-04, 1.0000e-05])])
"""
import torch


def adamw_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
               betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.01) -> None:
    # TODO: 第一次调用时创建 state，步数加一，然后对每个参数：衰减，
    # 更新两个动量，偏差修正，更新参数（约 14 行）
    raise NotImplementedError
