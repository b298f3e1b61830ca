EXPECT = {
    'values': 'log-softmax over a hard-coded axis (ignores `dim`)',
    'exp sums to 1': '',
}


def log_softmax(x, dim=-1):
    z = x - x.max(-1, keepdim=True).values
    return z - z.exp().sum(-1, keepdim=True).log()
