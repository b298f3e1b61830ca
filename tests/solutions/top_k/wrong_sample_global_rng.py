import torch

EXPECT = {
    'sample: generator': '',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = logits.topk(k, dim=-1).values[..., -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1)     # generator not passed
    return ids.reshape(probs.shape[:-1])
