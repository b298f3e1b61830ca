"""多层感知机 MLP

实现模块 `MLP(d_in, d_hidden, d_out)`：一个两层感知机，

    MLP(x) = fc2( relu( fc1(x) ) )          fc(x) = x @ W.T + b

- 参数（名字和形状必须一致；评分器会按这些名字把自己的权重加载进你的模块，并对每一个参数的
  梯度评分）：
    fc1  nn.Linear(d_in, d_hidden)    weight (d_hidden, d_in), bias (d_hidden,)
    fc2  nn.Linear(d_hidden, d_out)   weight (d_out, d_hidden), bias (d_out,)
  可以用 `nn.Linear` 和 `F.relu`（自己写 `x @ W.T + b` 也行）。
- ReLU 只放在两层之间：fc2 的输出原样返回（输出上没有激活函数）。
- `x` 的形状是 `(..., d_in)`：一个 batch `(N, d_in)` 或一串 token `(B, S, d_in)`；每一行各自
  独立变换。输出形状为 `(..., d_out)`，与 x 的 dtype 和设备相同；不修改 x。

示例（d_in=2, d_hidden=2, d_out=1）:
    fc1.weight = [[1.0, -1.0], [0.5, 0.5]], fc1.bias = [0.0, -1.0]
    fc2.weight = [[1.0, 2.0]],              fc2.bias = [0.5]
    x = [[3.0, 1.0], [-1.0, 2.0]]
    fc1(x)       = [[2.0, 1.0], [-3.0, -0.5]]
    relu         = [[2.0, 1.0], [ 0.0,  0.0]]
    MLP(x)       = [[4.5], [0.5]]
"""
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, d_in: int, d_hidden: int, d_out: int):
        super().__init__()
        # TODO: fc1 和 fc2（约 2 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: fc1、ReLU、fc2（约 1 行）
        raise NotImplementedError
