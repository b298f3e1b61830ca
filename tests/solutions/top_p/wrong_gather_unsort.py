import torch

EXPECT = {
    'top_p_filter: values': 'maps the mask back with gather(order), which applies the permutation again instead of undoing it: scatter(-1, order, mask)',
    'top_p_filter: top token always kept': '',
    'top_p_filter: nucleus = the most likely tokens': '',
    'top_p_sample: frequencies': 'maps the mask back with gather(order), which applies the permutation again instead of undoing it: scatter(-1, order, mask)',
}


def top_p_filter(logits, p):
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    probs = torch.softmax(sorted_logits, dim=-1)
    remove = torch.cumsum(probs, dim=-1) - probs >= p
    remove = remove.gather(-1, order)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

