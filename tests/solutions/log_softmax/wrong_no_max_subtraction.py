import torch

EXPECT = {"check": "extreme inputs", "mistake": "without subtracting the max"}


def log_softmax(x, dim=-1):
    return x - torch.log(torch.exp(x).sum(dim=dim, keepdim=True))
