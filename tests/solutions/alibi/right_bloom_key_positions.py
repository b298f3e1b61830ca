import math

import torch


def alibi_slopes(n_heads):
    """The recursive form of the original code: power-of-two slopes, then every other slope of the
    next power of two."""
    def power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n_heads).is_integer():
        return torch.tensor(power_of_2(n_heads))
    closest = 2 ** math.floor(math.log2(n_heads))
    return torch.tensor(power_of_2(closest) + alibi_slopes(2 * closest).tolist()[0::2][: n_heads - closest])


def alibi_attention(q, k, v, slopes):
    """BLOOM's trick: bias slope · j on the KEY position only. For query i it differs from
    -slope · (i - j) by slope · i, the same for all its keys, which the softmax ignores."""
    S_q, S_k = q.size(-2), k.size(-2)
    key_pos = torch.arange(S_k, device=q.device, dtype=q.dtype)
    bias = slopes.view(1, -1, 1, 1) * key_pos.view(1, 1, 1, S_k)
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.size(-1)) + bias
    visible = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
    scores = scores.masked_fill(~visible, float("-inf"))
    return torch.matmul(torch.softmax(scores.float(), dim=-1).to(q.dtype), v)
