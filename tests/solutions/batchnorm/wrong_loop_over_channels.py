import torch
from torch import nn

EXPECT = {
    'no loop': '',
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
        out = []
        for c in range(x.shape[1]):
            xc = x[:, c]
            if self.training:
                mean = xc.mean()
                var = ((xc - mean) ** 2).mean()
                n = xc.numel()
                with torch.no_grad():
                    self.running_mean[c] = (1 - self.momentum) * self.running_mean[c] + self.momentum * mean
                    unbiased = var * n / (n - 1)
                    self.running_var[c] = (1 - self.momentum) * self.running_var[c] + self.momentum * unbiased
            else:
                mean, var = self.running_mean[c], self.running_var[c]
            out.append((xc - mean) / torch.sqrt(var + self.eps) * self.weight[c] + self.bias[c])
        return torch.stack(out, dim=1)
