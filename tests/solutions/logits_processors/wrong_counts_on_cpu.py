import torch

EXPECT = {
    'presence_frequency_penalty: device (emulated)': 'tensor created on a hard-coded device',
}


def repetition_penalty(logits, input_ids, penalty):
    seen = logits.gather(1, input_ids)
    return logits.scatter(1, input_ids, torch.where(seen > 0, seen / penalty, seen * penalty))


def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
    counts = torch.zeros(logits.shape, dtype=logits.dtype)                    # made on the CPU
    counts = counts.scatter_add(1, input_ids, torch.ones(input_ids.shape, dtype=logits.dtype))
    return logits - frequency_penalty * counts - presence_penalty * (counts > 0).to(logits.dtype)


def min_p_filter(logits, min_p):
    probs = torch.softmax(logits, dim=-1)
    return logits.masked_fill(probs < min_p * probs.amax(dim=-1, keepdim=True), float("-inf"))


def no_repeat_ngram(logits, input_ids, n):
    B, T = input_ids.shape
    if T < n:
        return logits.clone()
    grams = input_ids.unfold(1, n, 1)
    hit = (grams[:, :, :n - 1] == input_ids[:, T - n + 1:][:, None, :]).all(-1)
    hits = torch.zeros_like(logits).scatter_add(1, grams[:, :, -1], hit.to(logits.dtype))
    return logits.masked_fill(hits > 0, float("-inf"))
