import math

import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'softmax over the queries (dim=-2) instead of over the keys (dim=-1)',
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        mask = keep if mask is None else mask & keep
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return F.softmax(scores, dim=-2) @ v
