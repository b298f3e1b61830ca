EXPECT = {
    'runs': 'bias=None not handled (adding None)',
}


def linear(x, weight, bias=None):
    return x @ weight.T + bias
