import torch

EXPECT = {
    'top_p_filter: values': 'sorts ascending: sort descending so the most likely tokens come first',
    'top_p_filter: top token always kept': '',
    'top_p_filter: nucleus = the most likely tokens': '',
    'top_p_sample: frequencies': 'sorts ascending: sort descending so the most likely tokens come first',
}


def top_p_filter(logits, p):
    sorted_logits, idx = torch.sort(logits, dim=-1)
    probs = torch.softmax(sorted_logits, dim=-1)
    remove = torch.cumsum(probs, dim=-1) - probs >= p
    remove = torch.zeros_like(remove).scatter(-1, idx, remove)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

