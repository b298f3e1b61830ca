import torch

EXPECT = {
    'values': 'd and o not rescaled by exp(m_old - m_new) when the max changes',
    'order of the keys does not matter': '',
}


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
