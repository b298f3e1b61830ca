"""DDP梯度同步 DDP gradient all-reduce

实现 `DDPGradSync(params, bucket_bytes)`：数据并行训练中的梯度同步，做法与 torch 的
DistributedDataParallel 相同，运行在已经初始化好的 torch.distributed 进程组上（`dist.get_world_size()`、
`dist.all_reduce`）。每个 rank 持有相同的参数，在自己那一等份 batch 上跑前向和反向；`finish()` 之后，
每个 rank 上每个参数的 `.grad` 都是各 rank 梯度的平均值，也就是整个 batch 的梯度。

- `params`：一个 float32 叶子张量列表，都 requires grad（模型的参数）。
- 桶（bucket）在构造函数中确定：按逆序遍历 `params`（反向传播先产生最后几层的梯度），把每个参数加入
  当前桶；一旦桶中梯度的大小达到 `bucket_bytes` 字节或以上（`numel * element_size`），就关闭这个桶，
  开始下一个。最后一个桶可以更小。每个参数恰好属于一个桶。
- 在反向传播过程中，桶一满就发起通信：给每个参数注册一个 hook（`p.register_post_accumulate_grad_hook`）；
  一个桶的梯度全部就绪后，把它的梯度按桶内顺序展平并拼接，用一次
  `dist.all_reduce(flat, async_op=True)` 对该桶做 all-reduce。桶按 0、1、2……的顺序发起：
  比前面的桶先填满的桶要等前面的桶（每个 rank 的第 k 次 all_reduce 必须是同一个桶）。
- `finish()` 在 `loss.backward()` 之后调用：发起所有还没发起的桶，等待全部完成，除以 world size，
  再把每个参数的平均梯度写入 `p.grad`。在本 rank 上没有得到梯度的参数（它的 `.grad` 为 None：本 rank
  的前向没用到它）按全零计，它所在的桶仍然要做 all-reduce：其他 rank 在等它。`finish()` 之后每个
  参数都有 `.grad`。然后为下一步做好准备（调用方在两步之间设 `p.grad = None`，hook 会再次触发）。
- 你创建的每个张量（桶的缓冲区、缺失梯度的全零张量）都放在 params 所在的设备上：
  `torch.zeros_like(p)`、`torch.zeros(n, device=p.device)`；不要放在固定的设备上。
- 在 2 个和 3 个 rank 上跑两步来评分：检查梯度、all_reduce 调用的次数和依次的大小、反向传播返回前
  发起了多少次，以及它们是否是异步的。

示例（2 个 rank，参数形状为 (2, 3)、(3,)、(4,)，float32，bucket_bytes = 20）:
    reverse order: (4,) 16 bytes, then (3,) 16 + 12 = 28 >= 20: bucket 0 = [params[2], params[1]]
    then (2, 3) 24 >= 20: bucket 1 = [params[0]]
    all_reduce sizes in order: 7 elements, then 6; both launched during backward
    rank 0's grad of params[2] = [1, 1, 1, 1], rank 1's = [3, 3, 3, 3]  ->  both get [2, 2, 2, 2]
"""
import torch
import torch.distributed as dist


class DDPGradSync:
    def __init__(self, params: list[torch.Tensor], bucket_bytes: int):
        # TODO: 划分桶，给每个参数注册 post-accumulate-grad hook（约 14 行）
        raise NotImplementedError

    def finish(self) -> None:
        # TODO: 发起剩下的桶，等待，求平均，写回 p.grad，重置状态（加上一个 launch 辅助函数
        # 约 12 行）
        raise NotImplementedError
