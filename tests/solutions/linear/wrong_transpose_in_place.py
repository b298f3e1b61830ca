EXPECT = {"check": "inputs unchanged"}


def linear(x, weight, bias=None):
    y = x @ weight.t_()
    return y if bias is None else y + bias
