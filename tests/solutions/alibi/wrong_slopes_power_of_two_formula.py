import math

import torch

EXPECT = {
    'alibi_slopes: values': 'slopes for a head count that is not a power of two: the first 2^k heads (2^k the largest power of two below n) take the 2^k-head slopes, the other n - 2^k take every other slope of 2^(k+1) heads (odd exponents 1, 3, 5, ...)',
}


def alibi_slopes(n_heads):
    return torch.tensor([2 ** (-8 * i / n_heads) for i in range(1, n_heads + 1)])   # right for 2^k heads only


def alibi_attention(q, k, v, slopes):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    distance = pos - torch.arange(S_k, device=q.device)[None, :]
    scores = scores - slopes[:, None, None] * distance
    scores = scores.masked_fill(distance < 0, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
