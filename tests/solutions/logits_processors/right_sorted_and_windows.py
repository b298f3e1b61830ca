import torch


def repetition_penalty(logits, input_ids, penalty):
    """A mask of seen tokens by scatter; min-p from the descending sort; n-grams as windows compared at once."""
    seen = torch.zeros_like(logits, dtype=torch.bool).scatter(1, input_ids, True)
    factor = torch.where(logits > 0, 1.0 / penalty, penalty)
    return torch.where(seen, logits * factor, logits)


def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
    counts = torch.zeros(logits.shape, dtype=torch.long, device=logits.device)
    counts = counts.scatter_add(1, input_ids, torch.ones_like(input_ids))
    return logits - frequency_penalty * counts.to(logits.dtype) - presence_penalty * counts.gt(0).to(logits.dtype)


def min_p_filter(logits, min_p):
    probs = logits.softmax(-1)
    top = probs.sort(dim=-1, descending=True).values[..., :1]                    # the largest probability
    return logits.masked_fill(probs < min_p * top, float("-inf"))


def no_repeat_ngram(logits, input_ids, n):
    B, T = input_ids.shape
    out = logits.clone()
    if T < n:
        return out
    idx = torch.arange(T - n + 1, device=input_ids.device)[:, None] + torch.arange(n, device=input_ids.device)
    windows = input_ids[:, idx]                                                  # (B, W, n)
    prefix = input_ids[:, T - (n - 1):] if n > 1 else input_ids[:, :0]
    match = (windows[..., : n - 1] == prefix[:, None]).all(-1)                  # (B, W)
    rows = torch.arange(B, device=input_ids.device)[:, None].expand_as(match)
    out[rows[match], windows[..., -1][match]] = float("-inf")
    return out
