import torch

EXPECT = {
    'values': 'softmax over a hard-coded axis (ignores `dim`)',
    'rows sum to 1': '',
}


def softmax(x, dim=-1):
    m = x.max(dim=-1, keepdim=True).values
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
