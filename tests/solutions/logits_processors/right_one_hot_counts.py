import math

import torch
import torch.nn.functional as F


def _counts(logits, input_ids):
    return F.one_hot(input_ids, logits.shape[-1]).sum(1).to(logits.dtype)        # (B, V)


def repetition_penalty(logits, input_ids, penalty):
    """Seen tokens from one-hot counts; min-p in log space; n-grams matched in Python, row by row."""
    seen = _counts(logits, input_ids) > 0
    penalised = torch.where(logits < 0, logits * penalty, logits / penalty)
    return torch.where(seen, penalised, logits)


def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
    c = _counts(logits, input_ids)
    return logits - (c * frequency_penalty + c.clamp(max=1) * presence_penalty)


def min_p_filter(logits, min_p):
    logp = torch.log_softmax(logits, dim=-1)
    keep = logp >= logp.max(dim=-1, keepdim=True).values + math.log(min_p)
    return torch.where(keep, logits, torch.full_like(logits, float("-inf")))


def no_repeat_ngram(logits, input_ids, n):
    out = logits.clone()
    rows = input_ids.tolist()
    for b, row in enumerate(rows):
        seen = {}
        for i in range(len(row) - n + 1):
            gram = tuple(row[i:i + n])
            seen.setdefault(gram[:-1], []).append(gram[-1])
        if len(row) >= n:
            for t in seen.get(tuple(row[len(row) - n + 1:]), []):
                out[b, t] = float("-inf")
    return out
