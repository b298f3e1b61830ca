import torch


def log_softmax(x, dim=-1):
    # the max term contributes exp(0) = 1 to the sum: log(1 + rest) with log1p
    m = x.amax(dim, keepdim=True)
    rest = (x - m).exp().sum(dim, keepdim=True) - 1
    return x - m - torch.log1p(rest)
