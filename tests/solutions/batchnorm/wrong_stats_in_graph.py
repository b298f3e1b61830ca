import torch
from torch import nn

EXPECT = {
    'gradients': 'running statistics kept in the autograd graph (an nn.Parameter, or updated outside torch.no_grad() from statistics that require grad)',
    'running statistics outside autograd': 'running statistics kept in the autograd graph (an nn.Parameter, or updated outside torch.no_grad() from statistics that require grad)',
}


class BatchNorm(nn.Module):
    def __init__(self, num_features, eps=1e-5, momentum=0.1):
        super().__init__()
        self.eps, self.momentum = eps, momentum
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))

    def forward(self, x):
        dims = [0] + list(range(2, x.dim()))
        shape = [1, -1] + [1] * (x.dim() - 2)
        if self.training:
            mean = x.mean(dims)
            var = x.var(dims, unbiased=False)
            n = x.numel() // x.shape[1]
            m = self.momentum
            self.running_mean = (1 - m) * self.running_mean + m * mean      # no torch.no_grad()
            self.running_var = (1 - m) * self.running_var + m * var * n / (n - 1)
        else:
            mean, var = self.running_mean, self.running_var
        return (x - mean.view(shape)) / torch.sqrt(var.view(shape) + self.eps) * self.weight.view(shape) \
            + self.bias.view(shape)
