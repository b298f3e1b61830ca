def log_softmax(x, dim=-1):
    d = x.double()
    m = d.amax(dim=dim, keepdim=True)
    out = d - m - (d - m).exp().sum(dim=dim, keepdim=True).log()
    return out.to(x.dtype)
