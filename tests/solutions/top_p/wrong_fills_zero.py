import torch

EXPECT = {
    'top_p_filter: values': 'removed tokens set to 0 instead of -inf (0 is still a valid logit)',
    'top_p_filter: kept logits unchanged, the rest -inf': '',
    'top_p_sample: frequencies': 'removed tokens set to 0 instead of -inf (0 is still a valid logit)',
}


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

