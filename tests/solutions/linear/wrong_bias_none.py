EXPECT = {"check": "runs", "mistake": "bias=None"}


def linear(x, weight, bias=None):
    return x @ weight.T + bias
