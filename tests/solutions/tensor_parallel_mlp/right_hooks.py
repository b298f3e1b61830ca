import torch.distributed as dist
import torch.nn.functional as F
from torch import nn


class TensorParallelMLP(nn.Module):
    """The two communications without autograd Functions: a gradient hook on x, and a detached
    correction that makes the reduced output carry the identity gradient."""

    def __init__(self, fc1_weight, fc1_bias, fc2_weight, fc2_bias):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        size = fc1_weight.size(0) // n
        self.fc1_weight = nn.Parameter(fc1_weight.narrow(0, r * size, size).clone())
        self.fc1_bias = nn.Parameter(fc1_bias.narrow(0, r * size, size).clone())
        self.fc2_weight = nn.Parameter(fc2_weight.narrow(1, r * size, size).clone())
        self.fc2_bias = nn.Parameter(fc2_bias.clone())

    def forward(self, x):
        x = x * 1.0
        if x.requires_grad:
            def summed(grad):
                grad = grad.clone()
                dist.all_reduce(grad, op=dist.ReduceOp.SUM)
                return grad
            x.register_hook(summed)
        partial = F.linear(F.gelu(F.linear(x, self.fc1_weight, self.fc1_bias)), self.fc2_weight)
        total = partial.detach().clone()
        dist.all_reduce(total)
        return partial + (total - partial.detach()) + self.fc2_bias
