import math

import torch

EXPECT = {
    'values': 'sliding window off by one: query i sees exactly `window` keys, i - window + 1 .. i (itself included)',
    'a key reaches only the queries whose window holds it': '',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    ones = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
    keep = ones.tril(S_k - S_q) & ones.triu(S_k - S_q - window)        # one key too many
    return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1) @ v
