import math

import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None,
              causal: bool = False) -> torch.Tensor:
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])        # (..., S_q, S_k)
    if causal:
        # bottom-right aligned: the last query sees every key, as when it follows a KV cache
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        mask = keep if mask is None else mask & keep
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))             # exp(-inf) = 0: no weight
    return torch.softmax(scores, dim=-1) @ v                          # (..., S_q, D_v)
