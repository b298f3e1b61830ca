import math

import torch

EXPECT = {
    'no loop': '',
}


def attention(q, k, v, mask=None, causal=False):
    # q: (batch, heads, S, D) -- go head by head
    if q.dim() < 4:
        return one_head(q, k, v, mask, causal)
    outs = []
    for h in range(q.shape[1]):
        m = None if mask is None else mask.expand(*q.shape[:-1], k.shape[-2])[:, h]
        outs.append(one_head(q[:, h], k[:, h], v[:, h], m, causal))
    return torch.stack(outs, dim=1)


def one_head(q, k, v, mask, causal):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        scores = scores.masked_fill(~keep, float("-inf"))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
