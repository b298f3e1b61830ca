import torch

EXPECT = {"check": "inputs unchanged", "mistake": "in place"}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    values, _ = torch.topk(logits, k)
    logits[logits < values[..., [-1]]] = float("-inf")
    return logits


def sample(logits, temperature=1.0, generator=None):
    probs = torch.softmax(logits / temperature, dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
