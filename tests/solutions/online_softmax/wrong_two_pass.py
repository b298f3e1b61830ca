import torch

EXPECT = {
    'memory': 'all N scores held at once (k @ q then a softmax is the two-pass version): keep only m, d and o while visiting the keys',
}


def online_softmax_attention(q, k, v):
    scores = k @ q
    w = torch.exp(scores - scores.max())
    return (w / w.sum()) @ v
