import math

import torch

EXPECT = {
    'values': "mask polarity inverted: True means 'may attend', so hide where the mask is False",
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        future = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).triu(S_k - S_q + 1)
        scores = scores.masked_fill(future, float("-inf"))
    if mask is not None:
        scores = scores.masked_fill(mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
