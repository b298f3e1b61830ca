import math

import torch

EXPECT = {
    'alibi_slopes: values': 'slopes start at 2^(-8/n) for head 0 (exponents 1..n), not at 2^0 = 1',
}


def alibi_slopes(n_heads):
    m = 2 ** math.floor(math.log2(n_heads))
    first = [2 ** (-8 * i / m) for i in range(m)]                       # head 0 gets slope 1
    extra = [2 ** (-8 * i / (2 * m)) for i in range(2 * m)][0::2][: n_heads - m]
    return torch.tensor(first + extra)


def alibi_attention(q, k, v, slopes):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    distance = pos - torch.arange(S_k, device=q.device)[None, :]
    scores = scores - slopes[:, None, None] * distance
    scores = scores.masked_fill(distance < 0, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
