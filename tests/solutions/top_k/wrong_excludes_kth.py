import torch

EXPECT = {
    'top_k_filter: values': 'the k-th largest logit is removed too (off by one: keep logits >= the k-th largest, remove only those < it)',
    'top_k_filter: min(k, V) tokens kept': '',
    'sample: runs': '',
    'sample: frequencies': 'the k-th largest logit is removed too (off by one: keep logits >= the k-th largest, remove only those < it)',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = torch.topk(logits, k, dim=-1).values[..., -1, None]
    return logits.masked_fill(logits <= kth, float("-inf"))


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
