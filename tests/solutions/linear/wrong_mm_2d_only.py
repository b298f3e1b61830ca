import torch

EXPECT = {
    'runs': 'works only for 2-D x (torch.mm / .t() know only matrices; use @ over the leading dims)',
}


def linear(x, weight, bias=None):
    out = torch.mm(x, weight.t())
    if bias is not None:
        out = out + bias
    return out
