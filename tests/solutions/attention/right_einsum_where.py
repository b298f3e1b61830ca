import math

import torch


def attention(q, k, v, mask=None, causal=False):
    n, m = q.shape[-2], k.shape[-2]
    s = torch.einsum("...qd,...kd->...qk", q, k) / math.sqrt(q.shape[-1])
    ok = torch.ones(n, m, dtype=torch.bool, device=q.device)
    if causal:
        ok = torch.tril(ok, diagonal=m - n)
    if mask is not None:
        ok = ok & mask
    s = torch.where(ok, s, float("-inf"))
    s = s - s.max(dim=-1, keepdim=True).values
    p = s.exp()
    p = p / p.sum(dim=-1, keepdim=True)
    return torch.einsum("...qk,...kd->...qd", p, v)
