import torch


def attention_mask(padding_mask, q_len, causal=False, window=None):
    """Every condition is one on the distance d = p - j between query position p and key j."""
    S_k = padding_mask.size(1)
    q_pos = torch.arange(S_k - q_len, S_k, device=padding_mask.device)
    k_pos = torch.arange(S_k, device=padding_mask.device)
    d = q_pos.unsqueeze(1) - k_pos.unsqueeze(0)                 # (S_q, S_k)
    ok = torch.full_like(d, True, dtype=torch.bool)
    if causal:
        ok = d >= 0
    if window is not None:
        ok = ok & (d < window)
    return torch.logical_and(ok.unsqueeze(0), padding_mask.unsqueeze(1)).unsqueeze(1)


def additive_mask(mask, dtype):
    low = torch.full(mask.shape, torch.finfo(dtype).min, dtype=dtype, device=mask.device)
    return torch.where(mask, torch.zeros_like(low), low)
