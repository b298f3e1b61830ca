import math

import torch


def online_softmax_attention(q, k, v):
    # the running max as a Python float: a constant shift, so the gradients don't need it
    m = -math.inf
    d = 0.0
    o = 0.0
    for i in range(k.shape[0]):
        s = (k[i] * q).sum()
        m_new = max(m, s.item())
        scale = math.exp(m - m_new)
        e = torch.exp(s - m_new)
        d = d * scale + e
        o = o * scale + e * v[i]
        m = m_new
    return o / d
