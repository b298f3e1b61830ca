import torch

EXPECT = {"check": "values", "mistake": "not added back"}


def log_softmax(x, dim=-1):
    m = x.max(dim=dim, keepdim=True).values
    lse = torch.log(torch.exp(x - m).sum(dim=dim, keepdim=True))
    return x - lse
