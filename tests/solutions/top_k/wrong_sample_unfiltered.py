import torch

EXPECT = {
    'sample: draws only among the k largest': '',
    'sample: frequencies': 'sampling from the unfiltered softmax (top_k_filter is not applied)',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = logits.topk(k, dim=-1).values[..., -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(logits / temperature, dim=-1)                # k is never used
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
