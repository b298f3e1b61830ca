import torch

EXPECT = {
    'repetition_penalty: inputs unchanged': "the caller's logits changed in place (scatter_, masked_fill_, logits[...] = ...): make a new tensor",
    'min_p_filter: inputs unchanged': "the caller's logits changed in place (masked_fill_ or logits[...] = ...): make a new tensor",
}


def repetition_penalty(logits, input_ids, penalty):
    seen = logits.gather(1, input_ids)
    return logits.scatter_(1, input_ids, torch.where(seen > 0, seen / penalty, seen * penalty))   # the caller's


def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
    counts = torch.zeros_like(logits).scatter_add(1, input_ids, torch.ones_like(input_ids, dtype=logits.dtype))
    return logits - frequency_penalty * counts - presence_penalty * (counts > 0).to(logits.dtype)


def min_p_filter(logits, min_p):
    probs = torch.softmax(logits, dim=-1)
    logits[probs < min_p * probs.amax(dim=-1, keepdim=True)] = float("-inf")     # the caller's logits
    return logits


def no_repeat_ngram(logits, input_ids, n):
    B, T = input_ids.shape
    if T < n:
        return logits.clone()
    grams = input_ids.unfold(1, n, 1)
    hit = (grams[:, :, :n - 1] == input_ids[:, T - n + 1:][:, None, :]).all(-1)
    hits = torch.zeros_like(logits).scatter_add(1, grams[:, :, -1], hit.to(logits.dtype))
    return logits.masked_fill(hits > 0, float("-inf"))
