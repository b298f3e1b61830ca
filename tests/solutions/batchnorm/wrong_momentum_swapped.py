import torch
from torch import nn

EXPECT = {
    'values': 'momentum applied the wrong way round (PyTorch: running = (1 - momentum) * running + momentum * batch)',
}


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
        dims = (0, 2) if x.dim() == 3 else (0,)
        shape = (1, -1, 1) if x.dim() == 3 else (1, -1)
        if self.training:
            mean = x.mean(dim=dims)
            var = ((x - mean.view(shape)) ** 2).mean(dim=dims)
            n = x.numel() / x.shape[1]
            with torch.no_grad():
                self.running_mean = self.momentum * self.running_mean + (1 - self.momentum) * mean
                self.running_var = self.momentum * self.running_var + (1 - self.momentum) * var * n / (n - 1)
        else:
            mean, var = self.running_mean, self.running_var
        x_hat = (x - mean.view(shape)) / torch.sqrt(var.view(shape) + self.eps)
        return self.weight.view(shape) * x_hat + self.bias.view(shape)
