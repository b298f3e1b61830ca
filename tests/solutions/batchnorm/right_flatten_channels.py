import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        self.eps = eps
        self.momentum = momentum
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))

    def forward(self, x):
        C = x.shape[1]
        bshape = [1, C] + [1] * (x.dim() - 2)
        if self.training:
            flat = x.transpose(0, 1).reshape(C, -1)            # (C, N*L)
            var, mean = torch.var_mean(flat, dim=1, correction=0)
            with torch.no_grad():
                self.running_mean.lerp_(mean, self.momentum)
                self.running_var.lerp_(flat.var(dim=1, correction=1), self.momentum)
        else:
            mean, var = self.running_mean, self.running_var
        scale = self.weight / torch.sqrt(var + self.eps)        # fold weight into the 1/std factor
        shift = self.bias - mean * scale
        return x * scale.reshape(bshape) + shift.reshape(bshape)
