import torch

EXPECT = {
    'top_k_filter: runs': 'k larger than the vocabulary: clamp it, k >= V keeps every token',
    'sample: runs': 'k larger than the vocabulary: clamp it, k >= V keeps every token',
}


def top_k_filter(logits, k):
    kth = torch.topk(logits, k, dim=-1)[0][..., -1:]
    return torch.where(logits < kth, float("-inf"), logits)


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
