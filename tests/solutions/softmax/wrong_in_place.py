EXPECT = {
    'gradients': '',
    'inputs unchanged': '',
}


def softmax(x, dim=-1):
    x = x.detach()
    x -= x.amax(dim, keepdim=True)
    x.exp_()
    return x / x.sum(dim, keepdim=True)
