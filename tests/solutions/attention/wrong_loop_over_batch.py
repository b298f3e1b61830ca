import math

import torch

EXPECT = {
    'no loop': '',
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
    if causal:
        keep = keep.tril(S_k - S_q)
    if mask is not None:
        keep = keep & mask
    keep = keep.expand(*q.shape[:-1], S_k)
    lead = q.shape[:-2]
    qs, ks, vs = q.reshape(-1, S_q, D), k.reshape(-1, S_k, D), v.reshape(-1, S_k, v.shape[-1])
    keeps = keep.reshape(-1, S_q, S_k)
    outs = []
    for i in range(qs.shape[0]):
        s = qs[i] @ ks[i].T / math.sqrt(D)
        s = s.masked_fill(~keeps[i], float("-inf"))
        outs.append(torch.softmax(s, dim=-1) @ vs[i])
    return torch.stack(outs).reshape(*lead, S_q, v.shape[-1])
