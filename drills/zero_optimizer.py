"""ZeRO optimizer ZeRO优化器

Write `ZeroAdamW(params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)`: AdamW
(exactly torch.optim.AdamW's step) sharded over the N ranks of a torch.distributed process group
that is already initialised (`dist.get_rank()`, `dist.get_world_size()`), ZeRO-style:

    stage 1: each rank keeps only its shard of the optimizer states (exp_avg, exp_avg_sq)
    stage 2: also the gradients: they are reduce-scattered, no rank receives a whole averaged one
    stage 3: also the parameters: each rank keeps only its shard, all-gathered for forward/backward

- Shards: flatten each parameter and pad it with zeros to a multiple of N (ceil(numel / N) * N
  elements); rank r owns elements r*s .. (r+1)*s - 1, s = ceil(numel / N). Keep the moments in
  `self.exp_avg` and `self.exp_avg_sq`: lists with one 1-D tensor of s elements per parameter,
  this rank's shard (graded).
- `params`: float32 tensors (plain, not requiring grad), the same on every rank. Stages 1 and 2
  update them IN PLACE (the caller keeps these tensors). Stage 3 keeps only its shards.
- `full_params()`: the whole parameters for this step's forward and backward: stages 1-2 the
  params themselves; stage 3 all-gathers them from the shards (`dist.all_gather_into_tensor`),
  padding dropped, shapes restored.
- `step(grads)`: `grads` are this rank's gradients (full shapes) of the mean loss on its own equal
  share of the batch. Average them over the ranks (the mean, not the sum: the result is the whole
  batch's gradient): stage 1 may `dist.all_reduce` them; stages 2-3 must use
  `dist.reduce_scatter_tensor` (no all_reduce at all). Then AdamW on this rank's shard only
  (step counted from 1; p *= 1 - lr*wd; m, v; bias corrections; p -= lr*m_hat/(sqrt(v_hat)+eps)).
  Stages 1-2 then all-gather the updated shards back into the whole params on every rank.
- Memory, measured after step() by the tensors your object keeps (everything reachable from its
  attributes; a view counts as the whole tensor it views; tensors of one element are free): at
  most 3 shards' worth (3 * sum of s), not counting the params passed in at stages 1 and 2.
- Every tensor you make (moments, buffers for the collectives) is on the params' device:
  `torch.zeros(s, device=p.device)`, `t.new_empty(n)`; nothing on a fixed device.
- Graded on 2 and 3 ranks over several steps: after each step every rank's full_params() equals
  single-process torch.optim.AdamW's on the whole batch, plus the rules above.

Example (N = 2, one param of shape (3,) = [1.0, 2.0, 3.0], stage 2, lr=0.1, weight_decay=0):
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
        # TODO: shard sizes, this rank's moment shards, the params (stages 1-2) or their shards
        # (stage 3) (about 10 lines)
        raise NotImplementedError

    def full_params(self) -> list[torch.Tensor]:
        # TODO: the params, or all-gathered from the shards at stage 3 (about 6 lines)
        raise NotImplementedError

    def step(self, grads: list[torch.Tensor]) -> None:
        # TODO: average the gradients (all-reduce or reduce-scatter), AdamW on this rank's shard,
        # all-gather back at stages 1-2 (about 20 lines)
        raise NotImplementedError
