import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

EXPECT = {
    "device (emulated)": "tensor created on a hard-coded device",
}


class _CopyToRanks(torch.autograd.Function):
    """Identity forward; backward sums x's gradient over the ranks (each rank saw a slice of d_ff)."""

    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.clone()
        dist.all_reduce(grad)
        return grad


class _SumOverRanks(torch.autograd.Function):
    """All-reduce forward; identity backward (every rank already holds the whole upstream gradient)."""

    @staticmethod
    def forward(ctx, partial):
        total = torch.zeros(partial.shape)      # the all-reduce's buffer
        total += partial
        dist.all_reduce(total)
        return total

    @staticmethod
    def backward(ctx, grad):
        return grad


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1_weight: torch.Tensor, fc1_bias: torch.Tensor, fc2_weight: torch.Tensor,
                 fc2_bias: torch.Tensor):
        super().__init__()
        rank, world = dist.get_rank(), dist.get_world_size()
        d_ff = fc1_weight.shape[0]
        rows = slice(rank * d_ff // world, (rank + 1) * d_ff // world)
        # column-parallel fc1: this rank's output features; row-parallel fc2: the same features as inputs
        self.fc1_weight = nn.Parameter(fc1_weight[rows].clone())      # (d_ff/N, d_model)
        self.fc1_bias = nn.Parameter(fc1_bias[rows].clone())          # (d_ff/N,)
        self.fc2_weight = nn.Parameter(fc2_weight[:, rows].clone())   # (d_model, d_ff/N)
        self.fc2_bias = nn.Parameter(fc2_bias.clone())                # (d_model,), whole on every rank

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = _CopyToRanks.apply(x)
        h = F.gelu(F.linear(x, self.fc1_weight, self.fc1_bias))       # (..., d_ff/N): no communication
        y = _SumOverRanks.apply(F.linear(h, self.fc2_weight))         # partial sums over d_ff, then the one all-reduce
        return y + self.fc2_bias                                      # the bias once, after the reduce
