EXPECT = {"check": "values", "mistake": "hard-coded axis"}


def log_softmax(x, dim=-1):
    z = x - x.max(-1, keepdim=True).values
    return z - z.exp().sum(-1, keepdim=True).log()
