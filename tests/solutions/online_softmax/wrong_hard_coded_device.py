import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def online_softmax_attention(q, k, v):
    m = torch.tensor(float("-inf"))
    d = torch.tensor(0.0)
    o = torch.zeros(v.shape[-1])
    for i in range(k.shape[0]):
        s = k[i] @ q
        m_new = torch.maximum(m, s)
        alpha = torch.exp(m - m_new)
        p = torch.exp(s - m_new)
        d = d * alpha + p
        o = o * alpha + p * v[i]
        m = m_new
    return o / d
