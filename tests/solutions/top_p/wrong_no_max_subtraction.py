import torch

EXPECT = {
    'top_p_filter: gradients': 'probabilities computed without subtracting the max (exp overflows)',
    'top_p_filter: extreme inputs': 'probabilities computed without subtracting the max (exp overflows)',
}


def top_p_filter(logits, p):
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    e = torch.exp(sorted_logits)
    probs = e / e.sum(dim=-1, keepdim=True)
    remove = torch.cumsum(probs, dim=-1) - probs >= p
    remove = torch.zeros_like(remove).scatter(-1, order, remove)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

