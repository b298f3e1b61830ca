import torch

EXPECT = {"check": "sample: temperature"}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = logits.topk(k, dim=-1).values[..., -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample(logits, temperature=1.0, generator=None):
    probs = torch.softmax(logits, dim=-1) / temperature      # too late: multinomial renormalises
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
