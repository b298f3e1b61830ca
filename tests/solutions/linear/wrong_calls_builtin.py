import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def linear(x, weight, bias=None):
    return F.linear(x, weight, bias)
