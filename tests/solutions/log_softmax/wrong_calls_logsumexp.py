EXPECT = {
    'banned calls': '',
}


def log_softmax(x, dim=-1):
    return x - x.logsumexp(dim, keepdim=True)
