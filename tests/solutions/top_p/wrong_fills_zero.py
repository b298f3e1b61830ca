import torch

EXPECT = {"check": "values", "mistake": "set to 0 instead of -inf"}


def top_p_filter(logits, p):
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    probs = torch.softmax(sorted_logits, dim=-1)
    keep = torch.cumsum(probs, dim=-1) - probs < p
    keep = torch.zeros_like(keep).scatter(-1, order, keep)
    return logits * keep


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

