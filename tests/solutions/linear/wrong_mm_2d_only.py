import torch

EXPECT = {"check": "runs", "mistake": "2-D x"}


def linear(x, weight, bias=None):
    out = torch.mm(x, weight.t())
    if bias is not None:
        out = out + bias
    return out
