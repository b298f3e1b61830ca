import torch

EXPECT = {
    'top_k_filter: values': 'keeps exactly k tokens when others tie with the k-th largest: keep every logit >= the k-th largest',
    'sample: frequencies': 'keeps exactly k tokens when others tie with the k-th largest: keep every logit >= the k-th largest',
}


def top_k_filter(logits, k):
    values, indices = torch.topk(logits, min(k, logits.shape[-1]), dim=-1)
    out = torch.full_like(logits, float("-inf"))
    return out.scatter(-1, indices, values)


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
