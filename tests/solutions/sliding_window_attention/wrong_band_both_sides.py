import math

import torch

EXPECT = {
    'values': 'window applied without causality: keys after the query are visible (the window ends at the query itself)',
    'a key reaches only the queries whose window holds it': '',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    pos = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    j = torch.arange(S_k, device=q.device)[None, :]
    keep = (pos - j).abs() < window                                     # a band, but not causal
    return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1) @ v
