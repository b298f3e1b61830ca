import math

import torch

EXPECT = {
    'values': 'positions aligned top-left: with S_q != S_k query i sits at position i + (S_k - S_q), after the cached keys',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    i = torch.arange(S_q, device=q.device)[:, None]                     # query i taken to sit at position i
    j = torch.arange(S_k, device=q.device)[None, :]
    keep = (j <= i) & (j > i - window)
    return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1) @ v
