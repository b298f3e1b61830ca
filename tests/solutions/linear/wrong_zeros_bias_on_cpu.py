import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def linear(x, weight, bias=None):
    if bias is None:
        bias = torch.zeros(weight.shape[0])
    return x @ weight.T + bias
