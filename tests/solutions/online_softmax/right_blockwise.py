import torch

BLOCK = 32


def online_softmax_attention(q, k, v):
    m = d = o = None
    for start in range(0, k.shape[0], BLOCK):
        s = k[start:start + BLOCK] @ q                 # scores of one block of keys
        block_max = s.max()
        m_new = block_max if m is None else torch.maximum(m, block_max)
        p = torch.exp(s - m_new)
        if m is None:
            d, o = p.sum(), p @ v[start:start + BLOCK]
        else:
            alpha = torch.exp(m - m_new)
            d = alpha * d + p.sum()
            o = alpha * o + p @ v[start:start + BLOCK]
        m = m_new
    return o / d
