"""GPipe pipeline parallelism GPipe流水线并行

Write `gpipe_step(stage, x, target, n_micro, in_shape)`: one training step of a model cut into N
stages, one per rank of a torch.distributed process group (already initialised: use
`dist.get_rank()`, `dist.get_world_size()`, `dist.send` and `dist.recv`), scheduled as GPipe
does it. Rank r holds stage r; the model is stage N-1(... stage 1(stage 0(x))). The batch is cut
into `n_micro` equal micro-batches that flow down the pipe one after another, so that the ranks
work at once on different micro-batches; then the gradients flow back up the same way.

- `stage`: this rank's part of the model, an nn.Module mapping (b, d_r) to (b, d_{r+1}).
- `x`: the whole input batch (B, d_0) on rank 0; None on the other ranks.
- `target`: the whole target (B, d_N) on the last rank; None on the other ranks.
- `n_micro`: the number of micro-batches; it divides B. Micro-batch j is rows
  j·B/n_micro .. (j+1)·B/n_micro - 1 (`x.chunk(n_micro)[j]`, and the same rows of `target`).
- `in_shape`: the shape of one micro-batch of this rank's input, (B / n_micro, d_r), given on
  every rank: what rank r > 0 receives from rank r - 1.
- The loss is the whole batch's mean squared error, `((model(x) - target) ** 2).mean()`: with
  equal micro-batches, the mean over the micro-batches of each one's mean squared error.

The schedule, on every rank (graded: each rank's sends and receives are recorded):
1. Forward of micro-batches 0, 1, ..., n_micro - 1: rank r > 0 receives the micro-batch's input
   from rank r - 1 (`dist.recv` into a new tensor of `in_shape`), runs its stage, and rank
   r < N - 1 sends the output on to rank r + 1. The last rank computes the micro-batch's loss.
2. Only once all its forwards are done: the backward of every micro-batch (in any order, the
   same on every rank). The last rank starts from the micro-batch's loss; rank r < N - 1
   receives the gradient of its output from rank r + 1; each rank backpropagates through its
   stage and, if r > 0, sends the gradient of its input to rank r - 1.
- Note: `dist.send` returns only once the other rank has received (gloo): two ranks that each
  send to the other first wait for ever. Send only with `dist.send`/`dist.recv` (or
  `isend`/`irecv` and `.wait()`), giving `dst`/`src`.
- After the call every parameter of `stage` holds in `.grad` the gradient of the whole batch's
  loss (the `.grad` are None before the call): the same gradients as the unsplit model in one
  process, graded at 2 to 4 ranks.
- Returns the whole batch's loss as a Python float on the last rank, None on the other ranks.
- Every tensor you make (a receive buffer) is on the stage's device
  (`next(stage.parameters()).device`); nothing on a fixed device.

Example (N = 3 ranks, B = 4, n_micro = 2, stages mapping 3 -> 5 -> 4 -> 2 features):
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
    # TODO: all forwards (recv, stage, send or loss), keeping each micro-batch's input and output;
    # then all backwards (recv grad or loss / n_micro, backward, send the input's grad) (about 25 lines)
    raise NotImplementedError
