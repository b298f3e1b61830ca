import math

import torch


def alibi_slopes(n_heads):
    """Exponents first, in integers: head h < m has exponent 8(h+1)/m, the extra ones 8(2t+1)/(2m)."""
    m = 1 << (n_heads.bit_length() - 1)
    exps = torch.cat([8.0 * torch.arange(1, m + 1) / m,
                      8.0 * (2 * torch.arange(n_heads - m) + 1) / (2 * m)])
    return torch.exp2(-exps).to(torch.float32)


def alibi_attention(q, k, v, slopes):
    """A symmetric bias -slope · |i - j| (the same as the paper's on visible keys) as one additive
    mask with -inf on the future, einsum for both products."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    qpos = torch.arange(S_q, device=q.device) + (S_k - S_q)
    kpos = torch.arange(S_k, device=q.device)
    rel = (kpos[None, :] - qpos[:, None]).to(q.dtype)                       # j - i, <= 0 when visible
    bias = -slopes[:, None, None] * rel.abs()
    bias = bias.masked_fill(rel > 0, float("-inf"))
    s = torch.einsum("bhqd,bhkd->bhqk", q * D ** -0.5, k) + bias
    return torch.einsum("bhqk,bhkd->bhqd", s.softmax(-1), v)
