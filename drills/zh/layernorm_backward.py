"""手推LayerNorm反向传播 LayerNorm backward by hand

实现 `layernorm_backward(dout, x, gamma, eps=1e-5)`：对最后一维做的 LayerNorm 的梯度，手工推导并
计算，不用 autograd。

前向计算与 nn.LayerNorm(d, eps)（权重 `gamma`、偏置 `beta`）一致，对沿最后一维的每个 d 维向量：

    mean = x.mean(-1)
    var  = ((x - mean) ** 2).mean(-1)           # biased: divided by d
    xhat = (x - mean) / sqrt(var + eps)
    y    = gamma * xhat + beta

给定 `dout` = dL/dy，返回 `(dx, dgamma, dbeta)` = dL/d(x, gamma, beta)。

- `x` 和 `dout` 的形状是 `(..., d)`（前面可以有任意多个维度，也可以没有），`gamma` 是 `(d,)`，
  `eps` 是大于 0 的浮点数。`beta` 不出现在任何梯度里，所以不传入。
- `dx` 与 x 形状相同；`dgamma` 和 `dbeta` 是 `(d,)`：各自要对所有前导维度（batch 中的每个向量）
  求和，而不只是第 0 维。
- 小心 dx：`mean` 和 `var` 是向量中每个元素的函数，所以每个 x_i 既直接通过 xhat_i 影响 L，也
  通过均值和方差影响 L。漏掉任何一条路径 dx 就错了。方差是有偏的（除以 d），与前向一致。
- 浮点输入为 float32（float64 也必须能用）；输出的 dtype 和设备与 x 相同。不修改输入。不要对
  向量写 Python 循环。
- 不允许使用：torch.autograd.grad、Tensor.backward、torch.autograd.backward、torch.func，以及
  aten 的 native_layer_norm_backward：这道题就是要你自己推导求导。

示例（一个向量，d = 3）:
    >>> x, gamma = torch.tensor([1.0, 2.0, 4.0]), torch.tensor([1.0, 1.0, 1.0])
    >>> dout = torch.tensor([1.0, 0.0, 0.0])             # L = y[0]
    >>> dx, dgamma, dbeta = layernorm_backward(dout, x, gamma)
    >>> dx                                  # sums to 0: a shift of x changes nothing
    tensor([ 0.2291, -0.3436,  0.1145])
    >>> dgamma, dbeta                                    # dout * xhat, dout
    (tensor([-1.0690,  0.0000,  0.0000]), tensor([1., 0., 0.]))
"""
import torch


def layernorm_backward(dout: torch.Tensor, x: torch.Tensor, gamma: torch.Tensor,
                       eps: float = 1e-5) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 重新算出 mean、var、xhat；对前导维度求和得到 dgamma 和 dbeta；再经 xhat、均值和方差
    # 三条路径求 dx（约 8 行）
    raise NotImplementedError
