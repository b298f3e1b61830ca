import torch

EXPECT = {
    'values': 'the max subtracted but not added back: x - log(sum(exp(x - max))) is off by the max',
    'exp sums to 1': '',
    'shift invariance': '',
}


def log_softmax(x, dim=-1):
    m = x.max(dim=dim, keepdim=True).values
    lse = torch.log(torch.exp(x - m).sum(dim=dim, keepdim=True))
    return x - lse
