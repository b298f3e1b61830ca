import torch

EXPECT = {
    'additive_mask: inputs unchanged': "the caller's mask changed in place (logical_not_, masked_fill_ on it): make a new tensor",
}


def attention_mask(padding_mask, q_len, causal=False, window=None):
    B, S_k = padding_mask.shape
    pos = torch.arange(q_len, device=padding_mask.device)[:, None] + S_k - q_len
    j = torch.arange(S_k, device=padding_mask.device)[None, :]
    keep = torch.ones(q_len, S_k, dtype=torch.bool, device=padding_mask.device)
    if causal:
        keep = keep & (j <= pos)
    if window is not None:
        keep = keep & (j > pos - window)
    return keep[None, None] & padding_mask[:, None, None, :]


def additive_mask(mask, dtype):
    mask.logical_not_()                                         # the caller's mask is flipped
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(mask, torch.finfo(dtype).min)
