import torch


def attention_mask(padding_mask, q_len, causal=False, window=None):
    """The causal band from two shifted triangles of a ones matrix; Hugging Face's (1 - mask) * min form."""
    B, S_k = padding_mask.shape
    offset = S_k - q_len                                        # queries come after the cached keys
    ones = torch.ones(q_len, S_k, dtype=torch.bool, device=padding_mask.device)
    keep = ones.tril(offset) if causal else ones
    if window is not None:
        keep = keep & ~ones.tril(offset - window)               # drop keys at or before p - window
    return keep.expand(B, 1, q_len, S_k) & padding_mask.view(B, 1, 1, S_k)


def additive_mask(mask, dtype):
    return (1.0 - mask.to(dtype)) * torch.finfo(dtype).min
