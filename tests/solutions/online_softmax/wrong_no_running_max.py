import torch

EXPECT = {
    'gradients': 'no running max: exp of the raw scores overflows',
    'extreme inputs': 'no running max: exp of the raw scores overflows',
}


def online_softmax_attention(q, k, v):
    d = torch.zeros((), dtype=q.dtype, device=q.device)
    o = torch.zeros_like(v[0])
    for ki, vi in zip(k, v):
        e = torch.exp(ki @ q)
        d = d + e
        o = o + e * vi
    return o / d
