import math

import torch


def sliding_window_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, window: int) -> torch.Tensor:
    S_q, S_k = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])           # (B, H, S_q, S_k)
    pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)      # queries sit after the cached keys
    j = torch.arange(S_k, device=q.device)[None, :]
    keep = (j <= pos) & (j > pos - window)                               # the `window` keys pos-window+1..pos
    scores = scores.masked_fill(~keep, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
