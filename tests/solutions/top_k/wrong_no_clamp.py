import torch

EXPECT = {"check": "runs", "mistake": "k larger than the vocabulary"}


def top_k_filter(logits, k):
    kth = torch.topk(logits, k, dim=-1)[0][..., -1:]
    return torch.where(logits < kth, float("-inf"), logits)


def sample(logits, temperature=1.0, generator=None):
    probs = torch.softmax(logits / temperature, dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
