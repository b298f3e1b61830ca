import torch


def log_softmax(x, dim=-1):
    t = x.movedim(dim, -1)
    m = t.max(-1, keepdim=True)[0]
    lse = m + torch.log(torch.sum(torch.exp(t - m), -1, keepdim=True))
    return (t - lse).movedim(-1, dim)
