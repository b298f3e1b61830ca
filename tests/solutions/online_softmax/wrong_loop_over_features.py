import torch

EXPECT = {
    'no loop': '',
}


def online_softmax_attention(q, k, v):
    N, D = k.shape
    m = d = o = None
    for i in range(N):
        s = q[0] * k[i, 0]
        for j in range(1, D):             # the dot product by hand
            s = s + q[j] * k[i, j]
        if m is None:
            m, d, o = s, torch.ones_like(s), v[i]
            continue
        m_new = torch.maximum(m, s)
        d = d * torch.exp(m - m_new) + torch.exp(s - m_new)
        o = o * torch.exp(m - m_new) + torch.exp(s - m_new) * v[i]
        m = m_new
    return o / d
