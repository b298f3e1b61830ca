import math

import torch

EXPECT = {
    'gradients': 'softmax without subtracting the max (exp overflows)',
    'extreme inputs': 'softmax without subtracting the max (exp overflows)',
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
    if causal:
        keep = keep.tril(S_k - S_q)
    if mask is not None:
        keep = keep & mask
    e = torch.exp(scores) * keep
    return (e / e.sum(-1, keepdim=True)) @ v
