import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, num_features, eps=1e-5, momentum=0.1):
        super().__init__()
        self.eps = eps
        self.momentum = momentum
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))

    def forward(self, x):
        if x.dim() == 3:                                       # (N, C, L) -> (N*L, C) and back
            N, C, L = x.shape
            y = self.forward(x.permute(0, 2, 1).reshape(N * L, C))
            return y.reshape(N, L, C).permute(0, 2, 1)
        if self.training:
            n = x.shape[0]
            mu = x.sum(0) / n
            sigma2 = ((x - mu) ** 2).sum(0) / n
            self.running_mean.copy_((1 - self.momentum) * self.running_mean + self.momentum * mu.detach())
            self.running_var.copy_((1 - self.momentum) * self.running_var
                                   + self.momentum * sigma2.detach() * n / (n - 1))
        else:
            mu, sigma2 = self.running_mean, self.running_var
        return self.weight * (x - mu) / (sigma2 + self.eps).sqrt() + self.bias
