import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        self.eps, self.momentum = eps, momentum
        self.weight = nn.Parameter(torch.ones(num_features))    # (C,)
        self.bias = nn.Parameter(torch.zeros(num_features))     # (C,)
        # buffers, not parameters: saved in state_dict and moved by .to(), never trained
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        dims = [0] + list(range(2, x.dim()))              # every axis but the channel axis 1
        shape = [1, -1] + [1] * (x.dim() - 2)             # (C,) -> (1, C) or (1, C, 1)
        if self.training:
            mean = x.mean(dims)                           # (C,)
            var = (x - mean.view(shape)).pow(2).mean(dims)  # (C,) biased: this normalises the batch
            n = x.numel() // x.shape[1]                   # values per channel
            with torch.no_grad():                         # running stats stay out of the graph
                m = self.momentum
                self.running_mean.mul_(1 - m).add_(m * mean)
                self.running_var.mul_(1 - m).add_(m * var * n / (n - 1))   # unbiased, as PyTorch
        else:
            mean, var = self.running_mean, self.running_var
        y = (x - mean.view(shape)) * torch.rsqrt(var.view(shape) + self.eps)
        return y * self.weight.view(shape) + self.bias.view(shape)
