import torch

EXPECT = {"check": "values", "mistake": "hard-coded axis"}


def softmax(x, dim=-1):
    m = x.max(dim=-1, keepdim=True).values
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
