"""手推反向传播 Backprop by hand

实现 `linear_softmax_ce_backward(x, W, b, target)`：一个线性层的平均交叉熵损失的梯度，手工推导、手工
计算——不用 autograd。

    logits = x @ W.T + b                      # x (N, D), W (C, D), b (C,) -> logits (N, C)
    p      = softmax(logits, dim=-1)
    loss   = mean over the N rows of -log p[i, target[i]]

返回 `(dW, db, dx)` = d loss / d(W, b, x)，形状分别与 W (C, D)、b (C,) 和 x (N, D) 相同。
关键结论：d loss / d logits = (p - one_hot(target)) / N——有 1/N 是因为损失取的是平均。
之后就是对矩阵乘法用链式法则：dW = dlogitsᵀ x，db = dlogits 沿 batch 求和，dx = dlogits W。

- `target` 是 (N,) 的 LongTensor，类别下标在 [0, C) 内。浮点输入是 float32（float64 也必须能用）；
  输出与输入的 dtype 和设备相同。
- softmax 要数值稳定地计算（每行减去最大值）：±1000 的 logits 不能得到 NaN。
- 不允许：torch.autograd.grad、Tensor.backward、torch.autograd.backward（以及内部调用它们的
  torch.func）——这道题就是要你自己求导。

示例（N=1，D=2，C=2）：
    >>> x = torch.tensor([[1.0, 2.0]]); W = torch.eye(2); b = torch.zeros(2)
    >>> dW, db, dx = linear_softmax_ce_backward(x, W, b, torch.tensor([0]))
    >>> db                       # logits [1, 2]: p = [0.2689, 0.7311]; p - one_hot([0]) = [-0.7311, 0.7311]
    tensor([-0.7311,  0.7311])
    >>> dW                       # dlogitsᵀ x: row c is dlogits[:, c] times x
    tensor([[-0.7311, -1.4621],
            [ 0.7311,  1.4621]])
    >>> dx                       # dlogits W
    tensor([[-0.7311,  0.7311]])
"""
import torch


def linear_softmax_ce_backward(x: torch.Tensor, W: torch.Tensor, b: torch.Tensor,
                               target: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits，数值稳定的 softmax，dlogits = (p - one_hot) / N，再求 dW、db、dx（约 6 行）
    raise NotImplementedError
