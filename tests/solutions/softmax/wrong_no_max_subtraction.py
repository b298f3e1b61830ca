import torch

EXPECT = {"check": "extreme inputs", "mistake": "without subtracting the max"}


def softmax(x, dim=-1):
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
