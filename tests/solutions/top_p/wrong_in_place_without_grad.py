import torch

EXPECT = {
    'top_p_filter: inputs unchanged': 'top-p that edits the logits in place',
}


def top_p_filter(logits, p):
    # at inference (no autograd) nothing needs the original logits: filter them in place, no copy
    out = logits.clone() if torch.is_grad_enabled() else logits
    sorted_logits, idx = logits.sort(dim=-1, descending=True)
    probs = sorted_logits.softmax(dim=-1)
    remove = probs.cumsum(dim=-1) - probs >= p
    remove = remove.scatter(-1, idx, remove)
    return out.masked_fill_(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
