import math

import torch

EXPECT = {
    'values': 'window ignored: every earlier key is visible (plain causal attention)',
    'a key reaches only the queries whose window holds it': '',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    future = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).triu(S_k - S_q + 1)
    return torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1) @ v
