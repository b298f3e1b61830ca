import math

import torch

EXPECT = {
    'alibi_attention: values': 'bias with the wrong sign: ALiBi subtracts slope · (i - j), so distant keys score lower',
}


def alibi_slopes(n_heads):
    m = 2 ** math.floor(math.log2(n_heads))
    first = [2 ** (-8 * i / m) for i in range(1, m + 1)]
    extra = [2 ** (-8 * i / (2 * m)) for i in range(1, 2 * m + 1)][0::2][: n_heads - m]
    return torch.tensor(first + extra)


def alibi_attention(q, k, v, slopes):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    distance = pos - torch.arange(S_k, device=q.device)[None, :]
    scores = scores + slopes[:, None, None] * distance
    scores = scores.masked_fill(distance < 0, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
