"""线性层 Linear layer

实现 `linear(x, weight, bias=None)`：全连接层的仿射变换，

    y = x @ weight.T + bias

作用在 `x` 的最后一维上。

- `x` 的形状是 `(..., d_in)`：前面可以有任意多个维度（没有、`(N,)`、`(B, S)`……），全部保留。
- `weight` 的形状是 `(d_out, d_in)`——即 PyTorch `nn.Linear` 的布局，每个输出特征一行——
  所以输出形状是 `(..., d_out)`。
- `bias` 的形状是 `(d_out,)` 或为 `None`；为 `None` 时没有偏置项。
- 输出与 x 的 dtype 和设备相同。梯度必须能传到 `x`、`weight` 和 `bias`。
- 不要调用 `F.linear` 或 `nn.Linear`：这道题就是要你手写它。

示例:
    >>> x = torch.tensor([[1.0, 2.0]])                       # (1, 2)
    >>> weight = torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0]])   # (3, 2)
    >>> linear(x, weight, torch.tensor([0.0, 0.5, 1.0]))
    tensor([[ 1.0000,  3.5000, -1.0000]])
"""
import torch


def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: 用 x 的最后一维乘以 weight 的转置，有 bias 就加上（约 3 行）
    raise NotImplementedError
