"""Tensor-parallel MLP 张量并行MLP

Write the module `TensorParallelMLP(fc1_weight, fc1_bias, fc2_weight, fc2_bias)`: one rank's part
of a Megatron-style MLP split over the N ranks of a torch.distributed process group (already
initialised: use `dist.get_rank()`, `dist.get_world_size()` and `dist.all_reduce`). Together the
ranks compute exactly the unsharded MLP

    MLP(x) = fc2( gelu( fc1(x) ) )          fc(x) = x @ W.T + b,  gelu exact (F.gelu)

- The constructor gets the FULL weights, the same on every rank: `fc1_weight (d_ff, d_model)`,
  `fc1_bias (d_ff,)`, `fc2_weight (d_model, d_ff)`, `fc2_bias (d_model,)`; `d_ff` is a multiple
  of N. Keep only this rank's shard, as nn.Parameters with these names and shapes (graded):
    fc1_weight (d_ff/N, d_model)   column-parallel fc1: rank r's rows r*d_ff/N .. (r+1)*d_ff/N - 1
    fc1_bias   (d_ff/N,)           the same slice
    fc2_weight (d_model, d_ff/N)   row-parallel fc2: the same d_ff slice, as its input columns
    fc2_bias   (d_model,)          whole on every rank
- `forward(x)`: `x (..., d_model)` is the same on every rank; every rank returns the whole output
  `(..., d_model)`. GELU is applied to each rank's slice without any communication; fc2 gives
  partial sums over the d_ff slices, summed by EXACTLY ONE `dist.all_reduce` per forward (graded by
  counting the collectives), and fc2's bias is added once, after that sum.
- Backward: every rank's gradients must be right: x's gradient is the sum of the ranks'
  contributions (the matching all-reduce in backward, one per backward), each parameter's gradient
  is the matching slice of the unsharded MLP's (fc2_bias's whole). So wrap the two communications
  in torch.autograd.Functions (identity forward / all-reduce backward before fc1; all-reduce
  forward / identity backward after fc2): a bare dist.all_reduce is invisible to autograd.
- Every tensor you make (a buffer for a collective) is on x's device (`device=x.device`,
  `torch.*_like`); nothing on a fixed device.
- Every rank gets the same upstream gradient; the grader compares each rank's output and
  gradients with the unsharded MLP's on the same inputs, at 2 to 4 ranks.

Example (N = 2, d_model = 1, d_ff = 2):
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
        # TODO: take this rank's slice of d_ff from each weight, as nn.Parameters (about 7 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: identity/all-reduce-backward, fc1 + gelu, fc2 partial, all-reduce, + bias; the two
        # communications as autograd Functions (about 20 lines with them)
        raise NotImplementedError
