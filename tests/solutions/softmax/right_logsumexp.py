import torch


def softmax(x, dim=-1):
    m = x.max(dim=dim, keepdim=True).values
    lse = m + (x - m).exp().sum(dim=dim, keepdim=True).log()
    return (x - lse).exp()
