import math

import torch

EXPECT = {
    'float16': "masked with a constant like -1e9 that float16 cannot hold: use float('-inf') or torch.finfo(scores.dtype).min",
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        mask = keep if mask is None else mask & keep
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v
