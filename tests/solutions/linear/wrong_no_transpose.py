import torch

EXPECT = {"check": "runs", "mistake": "weight.T"}


def linear(x, weight, bias=None):
    y = x @ weight
    if bias is not None:
        y = y + bias
    return y
