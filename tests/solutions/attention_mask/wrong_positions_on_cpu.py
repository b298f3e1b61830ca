import torch

EXPECT = {
    'attention_mask: device (emulated)': 'tensor created on a hard-coded device',
}


def attention_mask(padding_mask, q_len, causal=False, window=None):
    B, S_k = padding_mask.shape
    pos = torch.arange(q_len)[:, None] + S_k - q_len           # made on the CPU whatever the mask's device
    j = torch.arange(S_k)[None, :]
    keep = torch.ones(q_len, S_k, dtype=torch.bool)
    if causal:
        keep = keep & (j <= pos)
    if window is not None:
        keep = keep & (j > pos - window)
    return keep[None, None] & padding_mask[:, None, None, :]


def additive_mask(mask, dtype):
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, torch.finfo(dtype).min)
