import torch

EXPECT = {"check": "extreme inputs"}


def log_softmax(x, dim=-1):
    e = torch.exp(x - x.max(dim=dim, keepdim=True).values)
    p = e / e.sum(dim=dim, keepdim=True)
    return torch.log(p.clamp(min=1e-12))
