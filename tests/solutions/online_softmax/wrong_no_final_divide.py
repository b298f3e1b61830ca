import torch

EXPECT = {
    'values': 'forgot to divide by d at the end',
    'output is an average of the values': '',
}


def online_softmax_attention(q, k, v):
    m = k[0] @ q
    d = torch.ones_like(m)
    o = v[0].clone()
    for i in range(1, len(k)):
        s = k[i] @ q
        new_m = torch.max(m, s)
        d = d * torch.exp(m - new_m) + torch.exp(s - new_m)
        o = o * torch.exp(m - new_m) + torch.exp(s - new_m) * v[i]
        m = new_m
    return o
