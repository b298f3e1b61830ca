import math

import torch


def perplexity(logits, targets, mask):
    logp = torch.log_softmax(logits.double(), dim=-1)
    safe = torch.where(mask, targets, torch.zeros_like(targets))
    nll = -torch.take_along_dim(logp, safe.unsqueeze(-1), dim=-1).squeeze(-1)
    counts = mask.sum(1)                                         # tokens per row
    row_mean = (nll * mask).sum(1) / counts.clamp(min=1)
    weights = counts / counts.sum()                              # rows weighted by their tokens
    return (row_mean * weights).sum().exp().to(logits.dtype)


def corpus_bleu(hypotheses, references):
    hits, totals = [0, 0, 0, 0], [0, 0, 0, 0]
    c = r = 0
    for hyp, refs in zip(hypotheses, references):
        c += len(hyp)
        best = None
        for ref in refs:
            if best is None or abs(len(ref) - len(hyp)) < abs(best - len(hyp)) or \
                    (abs(len(ref) - len(hyp)) == abs(best - len(hyp)) and len(ref) < best):
                best = len(ref)
        r += best
        for n in range(1, 5):
            grams = [tuple(hyp[i:i + n]) for i in range(len(hyp) - n + 1)]
            totals[n - 1] += len(grams)
            for g in set(grams):
                in_ref = max(sum(tuple(ref[i:i + n]) == g for i in range(len(ref) - n + 1)) for ref in refs)
                hits[n - 1] += min(grams.count(g), in_ref)
    if c == 0 or 0 in hits:
        return 0.0
    score = math.exp(sum(math.log(h / t) for h, t in zip(hits, totals)) / 4)
    return score if c > r else score * math.exp(1 - r / c)
