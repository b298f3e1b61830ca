import math

import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    pos = torch.arange(S_q)[:, None] + S_k - S_q                       # made on the CPU whatever q's device
    j = torch.arange(S_k)[None, :]
    keep = (j <= pos) & (j > pos - window)
    return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1) @ v
