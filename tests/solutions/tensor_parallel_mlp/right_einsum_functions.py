import math

import torch
import torch.distributed as dist
from torch import nn


class Scatter(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        out = g.contiguous().clone()
        dist.all_reduce(out)
        return out


class Reduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        y = y.contiguous().clone()
        dist.all_reduce(y)
        return y

    @staticmethod
    def backward(ctx, g):
        return g


def gelu(x):
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1_weight, fc1_bias, fc2_weight, fc2_bias):
        super().__init__()
        world, rank = dist.get_world_size(), dist.get_rank()
        self.fc1_weight = nn.Parameter(torch.tensor_split(fc1_weight, world, dim=0)[rank].clone())
        self.fc1_bias = nn.Parameter(torch.tensor_split(fc1_bias, world)[rank].clone())
        self.fc2_weight = nn.Parameter(torch.tensor_split(fc2_weight, world, dim=1)[rank].clone())
        self.fc2_bias = nn.Parameter(fc2_bias.clone())

    def forward(self, x):
        h = gelu(torch.einsum("...d,fd->...f", Scatter.apply(x), self.fc1_weight) + self.fc1_bias)
        return Reduce.apply(torch.einsum("...f,df->...d", h, self.fc2_weight)) + self.fc2_bias
