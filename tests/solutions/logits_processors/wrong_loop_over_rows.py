import torch

EXPECT = {
    'repetition_penalty: no loop': '',
}


def repetition_penalty(logits, input_ids, penalty):
    out = []
    for row, ids in zip(logits, input_ids):                                    # one sequence at a time
        seen = row.gather(0, ids)
        out.append(row.scatter(0, ids, torch.where(seen > 0, seen / penalty, seen * penalty)))
    return torch.stack(out)


def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
    counts = torch.zeros_like(logits).scatter_add(1, input_ids, torch.ones_like(input_ids, dtype=logits.dtype))
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
