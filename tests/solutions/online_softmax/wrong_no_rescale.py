import torch

EXPECT = {"check": "values", "mistake": "not rescaled"}


def online_softmax_attention(q, k, v):
    m = torch.full((), float("-inf"), device=q.device)
    d = torch.zeros((), device=q.device)
    o = torch.zeros(v.shape[1], device=q.device)
    for i in range(k.shape[0]):
        s = torch.dot(k[i], q)
        m = torch.maximum(m, s)
        d = d + torch.exp(s - m)
        o = o + torch.exp(s - m) * v[i]
    return o / d
