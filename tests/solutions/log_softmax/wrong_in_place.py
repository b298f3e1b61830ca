EXPECT = {
    'gradients': '',
    'inputs unchanged': '',
}


def log_softmax(x, dim=-1):
    x = x.detach()
    x -= x.amax(dim, keepdim=True)
    return x - x.exp().sum(dim, keepdim=True).log()
