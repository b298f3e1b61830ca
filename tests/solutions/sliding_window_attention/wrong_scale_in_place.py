import math

import torch

EXPECT = {
    'inputs unchanged': "an input changed in place (q /= sqrt(D) edits the caller's tensor): make a new tensor",
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    q /= math.sqrt(q.shape[-1])                                         # edits the caller's q
    scores = q @ k.transpose(-2, -1)
    pos = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    j = torch.arange(S_k, device=q.device)[None, :]
    keep = (j <= pos) & (j > pos - window)
    return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1) @ v
