import torch

EXPECT = {
    'sample: frequencies': 'always the most likely token (that is greedy decoding, not sampling)',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = logits.topk(k, dim=-1).values[..., -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample(logits, k, temperature=1.0, generator=None):
    return top_k_filter(logits / temperature, k).argmax(dim=-1)      # the most likely: not a sample
