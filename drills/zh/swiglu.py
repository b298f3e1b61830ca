"""SwiGLU前馈网络 SwiGLU FFN

实现模块 `SwiGLU(d_model, d_ff)`：LLaMA、Mistral 和 Qwen 中的门控前馈网络。对每个 token `x`
（最后一维，`d_model` 个特征）：

    SwiGLU(x) = down_proj( silu(gate_proj(x)) * up_proj(x) )        silu(z) = z * sigmoid(z)

- 参数（名字和形状必须一致，所有层都没有偏置）：
    gate_proj  nn.Linear(d_model, d_ff, bias=False)   weight (d_ff, d_model)
    up_proj    nn.Linear(d_model, d_ff, bias=False)   weight (d_ff, d_model)
    down_proj  nn.Linear(d_ff, d_model, bias=False)   weight (d_model, d_ff)
  评分器会按这些名字把自己的权重加载进你的模块。
- 激活函数只作用在门控（gate）分支上：`up_proj(x)` 以线性方式直接相乘。
- `x` 的形状是 `(B, S, d_model)`（前面有任意维度都一样）；输出与 x 的形状、dtype 和设备相同。
  每个 token 各自独立变换。
- 可以用 `F.silu`（或 `torch.sigmoid`）和 `nn.Linear`。

示例（d_model=1, d_ff=1，三个权重都是 1.0）:
    x = 2.0:  gate = 2, up = 2, silu(2) = 2 * sigmoid(2) = 1.7616
              out = down(1.7616 * 2) = 3.5232
"""
import torch
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        # TODO: 不带偏置的 gate_proj、up_proj、down_proj（约 3 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: down(silu(gate(x)) * up(x))（约 1 行）
        raise NotImplementedError
