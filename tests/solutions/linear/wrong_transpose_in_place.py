EXPECT = {
    'inputs unchanged': "weight transposed in place (weight.t_()): the caller's weight is changed",
}


def linear(x, weight, bias=None):
    y = x @ weight.t_()
    return y if bias is None else y + bias
