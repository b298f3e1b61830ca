import torch

EXPECT = {
    'top_p_sample: frequencies': 'temperature ignored',
}


def top_p_filter(logits, p):
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    probs = torch.softmax(sorted_logits, dim=-1)
    remove = torch.cumsum(probs, dim=-1) - probs >= p
    remove = torch.zeros_like(remove).scatter(-1, order, remove)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
