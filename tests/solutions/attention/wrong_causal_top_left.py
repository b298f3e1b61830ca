import math

import torch

EXPECT = {
    'values': 'causal mask aligned top-left (tril() without the S_k - S_q offset); with S_q != S_k it must be aligned bottom-right',
    'causality': '',
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        causal_mask = torch.tril(torch.ones(S_q, S_k, dtype=torch.bool, device=q.device))
        scores = scores.masked_fill(~causal_mask, float("-inf"))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
