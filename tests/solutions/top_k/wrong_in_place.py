import torch

EXPECT = {
    'top_k_filter: inputs unchanged': 'top-k that edits the logits in place',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    values, _ = torch.topk(logits, k)
    logits[logits < values[..., [-1]]] = float("-inf")
    return logits


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
