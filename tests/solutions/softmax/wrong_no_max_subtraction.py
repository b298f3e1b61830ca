import torch

EXPECT = {
    'values': 'softmax without subtracting the max (exp overflows)',
}


def softmax(x, dim=-1):
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
