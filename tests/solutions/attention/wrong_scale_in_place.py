import math

import torch

EXPECT = {
    'inputs unchanged': "an input changed in place (q /= sqrt(D) edits the caller's tensor): scale the scores, or make a new q = q / sqrt(D)",
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    q /= math.sqrt(q.shape[-1])
    scores = q @ k.transpose(-2, -1)
    if causal:
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        mask = keep if mask is None else mask & keep
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
