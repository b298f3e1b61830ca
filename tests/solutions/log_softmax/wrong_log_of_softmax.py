import torch

EXPECT = {
    'values': 'log(softmax(x)): a probability that underflows to 0 gives log(0) = -inf, and clamping it gives a wrong finite floor; stay in log space (x - max - log(sum(exp(x - max))))',
    'exact far below the max': 'log(softmax(x)): a probability that underflows to 0 gives log(0) = -inf, and clamping it gives a wrong finite floor; stay in log space (x - max - log(sum(exp(x - max))))',
}


def log_softmax(x, dim=-1):
    e = torch.exp(x - x.max(dim=dim, keepdim=True).values)
    p = e / e.sum(dim=dim, keepdim=True)
    return torch.log(p)
