"""张量并行MLP Tensor-parallel MLP

实现模块 `TensorParallelMLP(fc1_weight, fc1_bias, fc2_weight, fc2_bias)`：Megatron 风格 MLP 中一个 rank
负责的部分，MLP 切分在一个 torch.distributed 进程组的 N 个 rank 上（进程组已初始化：使用
`dist.get_rank()`、`dist.get_world_size()` 和 `dist.all_reduce`）。所有 rank 合起来，算出的结果与未切分的
MLP 完全相同

    MLP(x) = fc2( gelu( fc1(x) ) )          fc(x) = x @ W.T + b,  gelu exact (F.gelu)

- 构造函数拿到的是完整权重，每个 rank 上都相同：`fc1_weight (d_ff, d_model)`、
  `fc1_bias (d_ff,)`、`fc2_weight (d_model, d_ff)`、`fc2_bias (d_model,)`；`d_ff` 是 N 的倍数。
  只保留本 rank 的分片，作为名字和形状如下的 nn.Parameter（会评分）：
    fc1_weight (d_ff/N, d_model)   column-parallel fc1: rank r's rows r*d_ff/N .. (r+1)*d_ff/N - 1
    fc1_bias   (d_ff/N,)           the same slice
    fc2_weight (d_model, d_ff/N)   row-parallel fc2: the same d_ff slice, as its input columns
    fc2_bias   (d_model,)          whole on every rank
- `forward(x)`：`x (..., d_model)` 在每个 rank 上都相同；每个 rank 都返回完整的输出
  `(..., d_model)`。GELU 作用在各 rank 自己的切片上，不需要任何通信；fc2 给出各 d_ff 切片上的部分和，
  每次前向恰好用一次 `dist.all_reduce` 把它们加起来（会统计集合通信次数来评分），fc2 的偏置在求和之后
  只加一次。
- 反向：每个 rank 的梯度都必须正确：x 的梯度是各 rank 贡献之和（反向中对应的 all-reduce，每次反向
  一次），每个参数的梯度是未切分 MLP 对应梯度的相应切片（fc2_bias 的是完整的）。所以要把这两次通信
  包进 torch.autograd.Function（fc1 之前：前向恒等 / 反向 all-reduce；fc2 之后：前向 all-reduce /
  反向恒等）：裸的 dist.all_reduce 对 autograd 不可见。
- 你创建的每个张量（集合通信用的缓冲区）都放在 x 所在的设备上（`device=x.device`、
  `torch.*_like`）；不要放在固定的设备上。
- 每个 rank 拿到相同的上游梯度；评分器在 2 到 4 个 rank 上，把每个 rank 的输出和梯度与未切分 MLP
  在相同输入上的结果比较。

示例（N = 2，d_model = 1，d_ff = 2）:
    fc1_weight = [[1.0], [-1.0]], fc1_bias = [0.0, 0.0], fc2_weight = [[2.0, 3.0]], fc2_bias = [0.5]
    rank 0 keeps fc1_weight [[1.0]], fc1_bias [0.0], fc2_weight [[2.0]];  rank 1: [[-1.0]], [0.0], [[3.0]]
    x = [[1.0]]:  rank 0's partial = 2 * gelu(1) = 1.6827,  rank 1's = 3 * gelu(-1) = -0.4760
    all_reduce -> 1.2067, + fc2_bias -> every rank returns [[1.7067]]
"""
import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1_weight: torch.Tensor, fc1_bias: torch.Tensor, fc2_weight: torch.Tensor,
                 fc2_bias: torch.Tensor):
        super().__init__()
        # TODO: 从每个权重中取出本 rank 的 d_ff 切片，作为 nn.Parameter（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 恒等/反向 all-reduce，fc1 + gelu，fc2 部分和，all-reduce，+ 偏置；两次
        # 通信写成 autograd Function（连同它们约 20 行）
        raise NotImplementedError
