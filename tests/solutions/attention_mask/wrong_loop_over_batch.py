import torch

EXPECT = {
    'attention_mask: no loop': '',
}


def attention_mask(padding_mask, q_len, causal=False, window=None):
    B, S_k = padding_mask.shape
    pos = torch.arange(q_len, device=padding_mask.device)[:, None] + S_k - q_len
    j = torch.arange(S_k, device=padding_mask.device)[None, :]
    rows = []
    for b in range(B):                                          # one sequence at a time
        keep = padding_mask[b][None, :].expand(q_len, S_k)
        if causal:
            keep = keep & (j <= pos)
        if window is not None:
            keep = keep & (j > pos - window)
        rows.append(keep[None])
    return torch.stack(rows)


def additive_mask(mask, dtype):
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, torch.finfo(dtype).min)
