import torch

EXPECT = {
    'runs': 'x @ weight instead of x @ weight.T (weight is (d_out, d_in))',
}


def linear(x, weight, bias=None):
    y = x @ weight
    if bias is not None:
        y = y + bias
    return y
