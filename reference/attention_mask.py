import torch


def attention_mask(padding_mask: torch.Tensor, q_len: int, causal: bool = False,
                   window: int | None = None) -> torch.Tensor:
    B, S_k = padding_mask.shape
    pos = torch.arange(q_len, device=padding_mask.device)[:, None] + (S_k - q_len)   # (S_q, 1): after the cache
    j = torch.arange(S_k, device=padding_mask.device)[None, :]                       # (1, S_k)
    keep = torch.ones(q_len, S_k, dtype=torch.bool, device=padding_mask.device)
    if causal:
        keep = keep & (j <= pos)                                   # bottom-right aligned
    if window is not None:
        keep = keep & (j > pos - window)                           # the `window` latest positions, pos included
    return keep[None, None] & padding_mask[:, None, None, :]       # padding hides keys: (B, 1, S_q, S_k)


def additive_mask(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    # the most negative finite value, not -inf: a row with every key hidden softmaxes to uniform, not NaN
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, torch.finfo(dtype).min)
