import torch

EXPECT = {"check": "memory", "mistake": "two-pass"}


def online_softmax_attention(q, k, v):
    scores = k @ q
    w = torch.exp(scores - scores.max())
    return (w / w.sum()) @ v
