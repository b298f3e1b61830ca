import math

import torch


def alibi_slopes(n_heads: int) -> torch.Tensor:
    def geometric(n):                                   # 2^(-8/n), 2^(-16/n), ..., 2^(-8)
        return 2.0 ** (-8.0 * torch.arange(1, n + 1, dtype=torch.float64) / n)
    m = 2 ** math.floor(math.log2(n_heads))             # the largest power of two <= n_heads
    extra = geometric(2 * m)[0::2][: n_heads - m]       # every other slope of 2m heads, in between
    return torch.cat([geometric(m), extra]).float()


def alibi_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, slopes: torch.Tensor) -> torch.Tensor:
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])              # (B, H, S_q, S_k)
    pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)        # queries after the cached keys
    distance = pos - torch.arange(S_k, device=q.device)[None, :]           # i - j, >= 0 for visible keys
    scores = scores - slopes[:, None, None] * distance                     # (H, S_q, S_k): far keys pay more
    scores = scores.masked_fill(distance < 0, float("-inf"))               # causal
    return torch.softmax(scores, dim=-1) @ v
