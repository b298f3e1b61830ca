import torch

EXPECT = {
    'sample: frequencies': 'temperature ignored (or applied to the probabilities after the softmax, which renormalising undoes): divide the logits by it',
}


def top_k_filter(logits, k):
    k = min(k, logits.shape[-1])
    kth = logits.topk(k, dim=-1).values[..., -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits, k), dim=-1) / temperature      # too late: multinomial renormalises
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
