import torch


def top_p_filter(logits, p):
    probs = torch.softmax(logits, -1)
    sorted_probs = probs.sort(-1, descending=True).values
    before = torch.cumsum(sorted_probs, -1) - sorted_probs
    n_keep = (before < p).sum(-1, keepdim=True)              # at least 1
    threshold = sorted_probs.gather(-1, n_keep - 1)          # smallest kept probability
    return torch.where(probs >= threshold, logits, torch.full_like(logits, float("-inf")))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    z = top_p_filter(logits / temperature, p)
    u = torch.rand(z.shape, generator=generator, device=z.device)
    gumbel = -torch.log(-torch.log(u))
    return torch.argmax(z + gumbel, dim=-1)
