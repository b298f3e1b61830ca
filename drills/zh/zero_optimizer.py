"""ZeRO优化器 ZeRO optimizer

实现 `ZeroAdamW(params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)`：按 ZeRO 的方式，
把 AdamW（与 torch.optim.AdamW 的 step 完全一致）切分到一个已初始化的 torch.distributed 进程组的 N 个
rank 上（`dist.get_rank()`、`dist.get_world_size()`）：

    stage 1: each rank keeps only its shard of the optimizer states (exp_avg, exp_avg_sq)
    stage 2: also the gradients: they are reduce-scattered, no rank receives a whole averaged one
    stage 3: also the parameters: each rank keeps only its shard, all-gathered for forward/backward

- 分片：把每个参数展平，用零填充到 N 的倍数（ceil(numel / N) * N 个元素）；rank r 拥有第
  r*s .. (r+1)*s - 1 个元素，s = ceil(numel / N)。一阶和二阶矩存放在 `self.exp_avg` 和 `self.exp_avg_sq`
  中：每个参数对应一个含 s 个元素的一维张量，即本 rank 的分片（会评分）。
- `params`：float32 张量（普通张量，不 requires grad），每个 rank 上都相同。stage 1 和 2 原地更新它们
  （调用方保留这些张量）。stage 3 只保留自己的分片。
- `full_params()`：本步前向和反向要用的完整参数：stage 1-2 就是 params 本身；stage 3 从各分片
  all-gather 得到（`dist.all_gather_into_tensor`），去掉填充，恢复形状。
- `step(grads)`：`grads` 是本 rank 在自己那一等份 batch 上平均损失的梯度（完整形状）。在各 rank 间
  对它们求平均（是均值不是和：结果是整个 batch 的梯度）：stage 1 可以用 `dist.all_reduce`；
  stage 2-3 必须用 `dist.reduce_scatter_tensor`（完全不能用 all_reduce）。然后只在本 rank 的分片上做
  AdamW（步数从 1 开始计；p *= 1 - lr*wd；m、v；偏差修正；p -= lr*m_hat/(sqrt(v_hat)+eps)）。
  之后 stage 1-2 要把更新后的分片 all-gather 回每个 rank 上的完整参数。
- 显存：在 step() 之后按你的对象保留的张量来测量（从它的属性能访问到的所有张量；view 按它所引用的
  整个张量计；只有一个元素的张量不计）：最多 3 个分片的量（3 * sum of s），不计 stage 1 和 2 传入的
  params。
- 你创建的每个张量（矩、集合通信用的缓冲区）都放在 params 所在的设备上：
  `torch.zeros(s, device=p.device)`、`t.new_empty(n)`；不要放在固定的设备上。
- 在 2 个和 3 个 rank 上跑若干步来评分：每一步之后，每个 rank 的 full_params() 都要等于单进程
  torch.optim.AdamW 在整个 batch 上的结果，另外还检查上面这些规则。

示例（N = 2，一个形状为 (3,) 的参数 = [1.0, 2.0, 3.0]，stage 2，lr=0.1，weight_decay=0）:
    padded to [1, 2, 3, 0]: rank 0 owns [1, 2], rank 1 owns [3, 0]; exp_avg[0] has 2 elements
    grads: rank 0 [1, 1, 1], rank 1 [3, 3, -1]  ->  reduce-scatter /2: rank 0 gets [2, 2], rank 1 [0, 0]
    first AdamW step moves each weight by lr against its gradient's sign (0 where it is 0):
    rank 0's shard [0.9, 1.9], rank 1's [3.0, 0.0]; after the all-gather both hold [0.9, 1.9, 3.0]
"""
import torch
import torch.distributed as dist


class ZeroAdamW:
    def __init__(self, params: list[torch.Tensor], stage: int, lr: float = 1e-3,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.01):
        # TODO: 分片大小，本 rank 的矩分片，参数本身（stage 1-2）或它们的分片
        # （stage 3）（约 10 行）
        raise NotImplementedError

    def full_params(self) -> list[torch.Tensor]:
        # TODO: 返回参数本身，或在 stage 3 从分片 all-gather（约 6 行）
        raise NotImplementedError

    def step(self, grads: list[torch.Tensor]) -> None:
        # TODO: 对梯度求平均（all-reduce 或 reduce-scatter），在本 rank 的分片上做 AdamW，
        # stage 1-2 再 all-gather 回去（约 20 行）
        raise NotImplementedError
