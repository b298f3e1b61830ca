import torch

EXPECT = {
    'values': 'log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when every logit is very negative',
    'exp sums to 1': '',
    'shift invariance': '',
}


def log_softmax(x, dim=-1):
    return x - torch.log(torch.exp(x).sum(dim=dim, keepdim=True))
