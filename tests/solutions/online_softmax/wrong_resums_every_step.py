import torch

EXPECT = {
    'work': 'the keys seen so far summed again at every step (O(N²)): rescale the running d and o by exp(m_old - m_new) instead of recomputing them',
}


def online_softmax_attention(q, k, v):
    # a running max, but d and o recomputed from every key seen so far (in blocks of 16) whenever a key arrives
    m = q.new_full((), float("-inf"))
    for i in range(k.shape[0]):
        m = torch.maximum(m, torch.dot(k[i], q))
        d, o = q.new_zeros(()), v.new_zeros(v.shape[-1])
        for j in range(0, i + 1, 16):
            w = torch.exp(k[j:i + 1][:16] @ q - m)
            d, o = d + w.sum(), o + w @ v[j:i + 1][:16]
    return o / d
