import torch


def top_p_filter(logits, p):
    # Hugging Face TopPLogitsWarper: ascending sort, drop the low tail whose mass is <= 1 - p
    sorted_logits, sorted_idx = torch.sort(logits, descending=False)
    cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cum <= 1 - p
    remove[..., -1] = False
    remove = remove.scatter(-1, sorted_idx, remove)
    return logits.masked_fill(remove, -float("inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    logits = top_p_filter(logits / temperature, p)
    probs = logits.softmax(dim=-1)
    flat = probs.view(-1, probs.size(-1))
    ids = torch.multinomial(flat, num_samples=1, generator=generator)
    return ids.view(probs.shape[:-1])
