import torch

EXPECT = {
    'top_p_filter: values': 'drops the token that crosses p (keeps only tokens whose cumulative mass including themselves is < p; the rule is on the mass BEFORE the token)',
    'top_p_filter: top token always kept': '',
    'top_p_sample: runs': '',
    'top_p_sample: frequencies': 'drops the token that crosses p (keeps only tokens whose cumulative mass including themselves is < p; the rule is on the mass BEFORE the token)',
}


def top_p_filter(logits, p):
    sorted_logits, idx = torch.sort(logits, descending=True)
    cum = torch.cumsum(torch.softmax(sorted_logits, -1), -1)
    keep = cum < p
    keep = torch.zeros_like(keep).scatter(-1, idx, keep)
    return torch.where(keep, logits, torch.tensor(float("-inf")))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

