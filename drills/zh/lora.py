"""LoRA低秩适配 LoRA linear

实现模块 `LoRALinear(d_in, d_out, rank, alpha)`：一个无偏置的线性层，其预训练权重被冻结，
再加上一个可训练的低秩更新来做适配（Hu et al. 2021；即 `peft` 库中的 LoRA 层）：

    y = x @ weight.T  +  (alpha / rank) * (x @ lora_A.T) @ lora_B.T

- 参数（名字和形状固定；评测器会载入自己的值），全部是 nn.Parameter：
    `weight` (d_out, d_in): the pretrained weight, frozen — requires_grad=False;
    `lora_A` (rank, d_in): trainable, random at init (e.g. randn / sqrt(d_in));
    `lora_B` (d_out, rank): trainable, ZEROS at init, so the adapted layer starts out exactly
    as the pretrained one.
  即：weight 是冻结的预训练权重；lora_A 可训练，随机初始化；lora_B 可训练，初始化为全零，
  这样适配后的层一开始与预训练层完全相同。只有 lora_A 和 lora_B 有梯度；weight 永远没有。
- 缩放系数是 alpha / rank（不是 alpha）：这样改变 rank 时，更新量的大小保持不变。
- `x` 形状为 (..., d_in)；输出为 (..., d_out)，dtype 和设备与 x 相同。要经过 rank-r 瓶颈
  （先算 x @ A.T），而不是每次调用都构造 (d_out, d_in) 的矩阵 B @ A。
- `merge()` 在推理时把更新合并进权重：weight += (alpha / rank) * lora_B @ lora_A，原地修改且在
  autograd 之外进行（torch.no_grad()），使 weight 保持冻结。merge() 之后该层只计算 x @ weight.T
  （用一个普通属性记录，比如 self.merged = True）：输出不能改变。
- 评测器会把自己的非零值载入 weight、lora_A 和 lora_B（让 LoRA 路径的作用显现出来），然后比较输出
  以及 x、lora_A、lora_B 的梯度；merge() 之后比较权重和输出；并在新建的层上检查 lora_B 为零而
  lora_A 不为零。它还会统计你的矩阵乘法的乘加次数，以确认走的是 rank-r 瓶颈。

示例:
    >>> layer = LoRALinear(2, 2, rank=1, alpha=2.0)          # scale 2
    >>> with torch.no_grad():
    ...     layer.weight.copy_(torch.eye(2)); layer.lora_A.copy_(torch.tensor([[1.0, 1.0]]))
    ...     layer.lora_B.copy_(torch.tensor([[1.0], [0.0]]))
    >>> x = torch.tensor([[1.0, 2.0]])
    >>> layer(x)               # x W^T = [1, 2]; x A^T = [3]; [3] B^T = [3, 0]; times 2
    tensor([[7., 2.]], grad_fn=<AddBackward0>)
    >>> layer.merge()
    >>> layer.weight.data, layer(x)        # the same output from the merged weight alone
    (tensor([[3., 2.], [0., 1.]]), tensor([[7., 2.]]))
"""
import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, d_in: int, d_out: int, rank: int, alpha: float):
        # TODO: super().__init__()；缩放系数；`weight` 冻结，`lora_A` 随机，`lora_B` 全零，
        # 都是 nn.Parameter；一个表示已合并的标志（约 6 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 冻结路径加上缩放后的低秩路径，已合并时则只走冻结路径（约 4 行）
        raise NotImplementedError

    def merge(self) -> None:
        # TODO: 在 autograd 之外把 scale * lora_B @ lora_A 合并进 weight；标记为已合并（约 3 行）
        raise NotImplementedError
