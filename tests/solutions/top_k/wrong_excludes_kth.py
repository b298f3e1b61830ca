import torch

EXPECT = {"check": "values", "mistake": "k-th largest logit is removed too"}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = torch.topk(logits, k, dim=-1).values[..., -1, None]
    return logits.masked_fill(logits <= kth, float("-inf"))


def sample(logits, temperature=1.0, generator=None):
    probs = torch.softmax(logits / temperature, dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
