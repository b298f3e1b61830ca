"""LSTM单元 LSTM cell

实现模块 `LSTMCell(input_size, hidden_size)`：LSTM 的一步，计算方式与 nn.LSTMCell 完全一致。

- 参数（名字和形状是固定的，与 nn.LSTMCell 相同；评分器会把自己的值载入其中），每个都是
  `nn.Parameter`（初始化随意，例如 ±1/sqrt(hidden) 内的均匀分布）：
    weight_ih (4·hidden_size, input_size)     bias_ih (4·hidden_size,)
    weight_hh (4·hidden_size, hidden_size)    bias_hh (4·hidden_size,)
  它们的行分成四块，每块 hidden_size 行，门的顺序为 i、f、g、o（输入门、遗忘门、候选细胞状态、
  输出门），与 PyTorch 相同。
- `forward(x, state=None)`：`x` 形状为 `(B, input_size)`；`state` 是由两个 `(B, hidden_size)`
  张量组成的元组 `(h, c)`，为 `None` 时取全零。返回新的 `(h, c)`：
      gates = x @ weight_ih.T + bias_ih + h @ weight_hh.T + bias_hh      (B, 4·hidden_size)
      i, f, g, o = the four blocks of gates, in that order
      i, f, o = sigmoid(i), sigmoid(f), sigmoid(o)        g = tanh(g)
      c_new = f * c + i * g
      h_new = o * tanh(c_new)
- 输出的 dtype 和设备与 x 相同；梯度要能传到 x、状态和每个参数；不能修改输入。
- 评分器既会跑单步，也会跑整个序列：你返回的 (h, c) 会作为下一步的状态传回，每一步的 h 和 c
  都会比对。
- 不要对 batch 写 Python 循环。不要调用 nn.LSTMCell、nn.LSTM 或它们的函数式版本：这道题就是要你
  手写它。可以用 torch.sigmoid 和 torch.tanh。

示例（input_size = 1，hidden_size = 1；所有偏置为 0，weight_hh 全为 1）:
    >>> cell = LSTMCell(1, 1)
    >>> cell.weight_ih.data = torch.tensor([[0.5], [1.0], [2.0], [-1.0]])      # i, f, g, o
    >>> cell.weight_hh.data = torch.ones(4, 1)
    >>> cell.bias_ih.data = torch.zeros(4); cell.bias_hh.data = torch.zeros(4)
    >>> h, c = cell(torch.tensor([[1.0]]), (torch.tensor([[0.5]]), torch.tensor([[1.0]])))
    >>> h.detach(), c.detach()
    (tensor([[0.3443]]), tensor([[1.5388]]))
    # gates = 1·(0.5, 1, 2, -1) + 0.5·(1, 1, 1, 1) = (1, 1.5, 2.5, -0.5)
    # c = sigmoid(1.5)·1 + sigmoid(1)·tanh(2.5) = 0.8176 + 0.7311·0.9866 = 1.5388
    # h = sigmoid(-0.5)·tanh(1.5388) = 0.3775·0.9120 = 0.3443
"""
import torch
from torch import nn


class LSTMCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        # TODO: super().__init__()，保存 hidden_size，四个参数（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, state: tuple[torch.Tensor, torch.Tensor] | None = None):
        # TODO: state 为 None 时取全零，算 gates，按 i、f、g、o 的顺序 chunk，算新的 c 和 h
        # （约 9 行）
        raise NotImplementedError
