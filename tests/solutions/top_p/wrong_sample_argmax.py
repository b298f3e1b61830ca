import torch

EXPECT = {
    'top_p_sample: frequencies': 'always the most likely token (that is greedy decoding, not sampling)',
}


def top_p_filter(logits, p):
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    probs = torch.softmax(sorted_logits, dim=-1)
    remove = torch.cumsum(probs, dim=-1) - probs >= p
    remove = torch.zeros_like(remove).scatter(-1, order, remove)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    return top_p_filter(logits / temperature, p).argmax(dim=-1)
