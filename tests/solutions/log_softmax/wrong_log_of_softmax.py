import torch

EXPECT = {"check": "extreme inputs", "mistake": "log(softmax(x)): a probability that underflows"}


def log_softmax(x, dim=-1):
    e = torch.exp(x - x.max(dim=dim, keepdim=True).values)
    p = e / e.sum(dim=dim, keepdim=True)
    return torch.log(p)
