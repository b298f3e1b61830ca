"""GRU单元 GRU cell

实现模块 `GRUCell(input_size, hidden_size)`：GRU 的一步，计算方式与 nn.GRUCell 完全一致。

- 参数（名字和形状是固定的，与 nn.GRUCell 相同；评分器会把自己的值载入其中），每个都是
  `nn.Parameter`（初始化随意，例如 ±1/sqrt(hidden) 内的均匀分布）：
    weight_ih (3·hidden_size, input_size)     bias_ih (3·hidden_size,)
    weight_hh (3·hidden_size, hidden_size)    bias_hh (3·hidden_size,)
  它们的行分成三块，每块 hidden_size 行，顺序为 r、z、n（重置门、更新门、候选状态），与 PyTorch 相同。
- `forward(x, h=None)`：`x` 形状为 `(B, input_size)`；`h` 形状为 `(B, hidden_size)`，为 `None`
  时取全零。返回新的 h，形状 `(B, hidden_size)`。把
      gi = x @ weight_ih.T + bias_ih   ->  i_r, i_z, i_n
      gh = h @ weight_hh.T + bias_hh   ->  h_r, h_z, h_n
  分块后，PyTorch 的约定是
      r = sigmoid(i_r + h_r)        z = sigmoid(i_z + h_z)
      n = tanh(i_n + r * h_n)       (the reset gate scales h_n AFTER the matmul, bias_hh's n
                                     block included)
      h_new = (1 - z) * n + z * h   (z near 1 keeps the old state)
- 输出的 dtype 和设备与 x 相同；梯度要能传到 x、h 和每个参数；不能修改输入。
- 评分器既会跑单步，也会跑整个序列：你返回的 h 会作为下一步的状态传回，每一步的 h 都会比对。
- 不要对 batch 写 Python 循环。不要调用 nn.GRUCell、nn.GRU 或它们的函数式版本：这道题就是要你
  手写它。可以用 torch.sigmoid 和 torch.tanh。

示例（input_size = 1，hidden_size = 1）:
    >>> cell = GRUCell(1, 1)
    >>> cell.weight_ih.data = torch.tensor([[1.0], [-1.0], [2.0]])      # r, z, n
    >>> cell.weight_hh.data = torch.ones(3, 1)
    >>> cell.bias_ih.data = torch.zeros(3); cell.bias_hh.data = torch.tensor([0.0, 0.0, 0.5])
    >>> cell(torch.tensor([[1.0]]), torch.tensor([[0.5]])).detach()
    tensor([[0.8068]])
    # r = sigmoid(1 + 0.5) = 0.8176, z = sigmoid(-1 + 0.5) = 0.3775
    # n = tanh(2 + r·(0.5 + 0.5)) = tanh(2.8176) = 0.9929
    # h = (1 - 0.3775)·0.9929 + 0.3775·0.5 = 0.8068
"""
import torch
from torch import nn


class GRUCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        # TODO: super().__init__()，保存 hidden_size，四个参数（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, h: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: h 为 None 时取全零，算 gi 和 gh，各自按 r、z、n 的顺序 chunk，算门、
        # 候选状态和新的 h（约 9 行）
        raise NotImplementedError
