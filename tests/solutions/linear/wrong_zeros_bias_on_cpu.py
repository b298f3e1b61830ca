import torch

EXPECT = {"check": "device (emulated)"}


def linear(x, weight, bias=None):
    if bias is None:
        bias = torch.zeros(weight.shape[0])
    return x @ weight.T + bias
