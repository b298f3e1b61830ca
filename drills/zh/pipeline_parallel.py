"""GPipe流水线并行 GPipe pipeline parallelism

实现 `gpipe_step(stage, x, target, n_micro, in_shape)`：一个切成 N 个 stage 的模型的一步训练，每个 stage
对应 torch.distributed 进程组中的一个 rank（进程组已初始化：使用 `dist.get_rank()`、
`dist.get_world_size()`、`dist.send` 和 `dist.recv`），按 GPipe 的方式调度。rank r 持有 stage r；模型是
stage N-1(... stage 1(stage 0(x)))。batch 被切成 `n_micro` 个等大的 micro-batch，依次流过流水线，
这样各 rank 能同时处理不同的 micro-batch；然后梯度以同样的方式反向流回。

- `stage`：本 rank 负责的模型部分，一个把 (b, d_r) 映射到 (b, d_{r+1}) 的 nn.Module。
- `x`：rank 0 上是完整的输入 batch (B, d_0)；其他 rank 上为 None。
- `target`：最后一个 rank 上是完整的 target (B, d_N)；其他 rank 上为 None。
- `n_micro`：micro-batch 的个数；它整除 B。第 j 个 micro-batch 是第
  j·B/n_micro .. (j+1)·B/n_micro - 1 行（`x.chunk(n_micro)[j]`，以及 `target` 的相同行）。
- `in_shape`：本 rank 一个 micro-batch 输入的形状 (B / n_micro, d_r)，每个 rank 都会给出：即 rank r > 0
  从 rank r - 1 收到的张量的形状。
- 损失是整个 batch 的均方误差 `((model(x) - target) ** 2).mean()`：micro-batch 等大时，就是各 micro-batch
  均方误差的平均。

每个 rank 上的调度（会评分：记录每个 rank 的每次发送和接收）：
1. 依次对 micro-batch 0, 1, ..., n_micro - 1 做前向：rank r > 0 从 rank r - 1 接收该 micro-batch 的输入
   （`dist.recv` 到一个形状为 `in_shape` 的新张量中），跑自己的 stage，rank r < N - 1 再把输出发给
   rank r + 1。最后一个 rank 计算该 micro-batch 的损失。
2. 只有在自己所有的前向都做完之后：对每个 micro-batch 做反向（顺序任意，但每个 rank 上相同）。
   最后一个 rank 从该 micro-batch 的损失开始；rank r < N - 1 从 rank r + 1 接收其输出的梯度；每个 rank
   在自己的 stage 中反向传播，若 r > 0，再把输入的梯度发给 rank r - 1。
- 注意：`dist.send` 要等对方 rank 收到后才返回（gloo）：两个 rank 都先向对方发送，就会永远等下去。
  只用 `dist.send`/`dist.recv`（或 `isend`/`irecv` 加 `.wait()`）通信，并给出 `dst`/`src`。
- 调用之后，`stage` 的每个参数的 `.grad` 里是整个 batch 损失的梯度（调用前 `.grad` 为 None）：
  与在单进程中跑未切分模型得到的梯度相同，在 2 到 4 个 rank 上评分。
- 在最后一个 rank 上以 Python float 返回整个 batch 的损失，其他 rank 上返回 None。
- 你创建的每个张量（接收缓冲区）都放在 stage 所在的设备上
  （`next(stage.parameters()).device`）；不要放在固定的设备上。

示例（N = 3 个 rank，B = 4，n_micro = 2，各 stage 的特征数为 3 -> 5 -> 4 -> 2）:
    in_shape: rank 0 (2, 3), rank 1 (2, 5), rank 2 (2, 4)
    rank 0: forward: send to 1, send to 1;  backward: recv from 1, recv from 1;  returns None
    rank 1: forward: recv from 0, send to 2, recv from 0, send to 2;
            backward: recv from 2, send to 0, recv from 2, send to 0;        returns None
    rank 2: forward: recv from 1, recv from 1 (loss of each);
            backward: send to 1, send to 1;     returns (loss_0 + loss_1) / 2, a float
"""
import torch
import torch.distributed as dist
from torch import nn


def gpipe_step(stage: nn.Module, x: torch.Tensor | None, target: torch.Tensor | None, n_micro: int,
               in_shape: tuple[int, ...]) -> float | None:
    # TODO: 先做全部前向（recv、stage、send 或算损失），保存每个 micro-batch 的输入和输出；
    # 再做全部反向（recv 梯度或用 loss / n_micro，backward，发送输入的梯度）（约 25 行）
    raise NotImplementedError
