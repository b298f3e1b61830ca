import torch


def online_softmax_attention(q, k, v):
    m = q.new_full((), float("-inf"))   # running max
    d = q.new_zeros(())                 # running denominator
    o = v.new_zeros(v.shape[-1])        # running numerator
    for x, val in zip(k, v):
        s = torch.dot(x, q)
        m_prev, m = m, torch.maximum(m, s)
        c = torch.exp(m_prev - m)
        d = c * d + torch.exp(s - m)
        o = c * o + torch.exp(s - m) * val
    return o / d
