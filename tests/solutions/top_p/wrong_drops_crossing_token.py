import torch

EXPECT = {
    'top_p_filter: values': 'drops the token that crosses p (keeps only tokens whose cumulative mass including themselves is < p; the rule is on the mass BEFORE the token)',
    'top_p_sample: frequencies': 'drops the token that crosses p (keeps only tokens whose cumulative mass including themselves is < p; the rule is on the mass BEFORE the token)',
}


def top_p_filter(logits, p):
    sorted_logits, idx = logits.sort(dim=-1, descending=True)
    cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cum >= p                 # forgets to shift: the crossing token is dropped
    remove[..., 0] = False            # ...but keeps the top token
    remove = remove.scatter(-1, idx, remove)
    return logits.masked_fill(remove, float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

