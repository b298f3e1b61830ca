import math

import torch


def attention(q, k, v, mask=None, causal=False):
    # flatten the leading dims into one batch and use bmm; rows with no key give 0 (like SDPA)
    *lead, S_q, D = q.shape
    S_k, D_v = k.shape[-2], v.shape[-1]
    qf, kf, vf = q.reshape(-1, S_q, D), k.reshape(-1, S_k, D), v.reshape(-1, S_k, D_v)
    scores = torch.bmm(qf, kf.transpose(1, 2)).view(*lead, S_q, S_k) * (1.0 / math.sqrt(D))
    allowed = torch.ones_like(scores, dtype=torch.bool)
    if causal:
        allowed = allowed & torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
    if mask is not None:
        allowed = allowed & mask
    scores = scores.masked_fill(~allowed, torch.finfo(scores.dtype).min)
    w = torch.softmax(scores, dim=-1) * allowed
    out = torch.bmm(w.reshape(-1, S_q, S_k), vf)
    return out.view(*lead, S_q, D_v)
