import math
from collections import Counter

import torch


def perplexity(logits: torch.Tensor, targets: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    z = logits - logits.amax(-1, keepdim=True)                           # log-softmax, stable
    log_probs = z - z.exp().sum(-1, keepdim=True).log()
    nll = -log_probs.gather(-1, targets.clamp(min=0)[..., None])[..., 0]   # (B, S); padded targets may be junk
    nll = torch.where(mask, nll, 0.0)
    return (nll.sum() / mask.sum()).exp()                                # one mean over every real token


def _ngrams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def corpus_bleu(hypotheses: list, references: list) -> float:
    matched, total = [0] * 4, [0] * 4
    hyp_len = ref_len = 0
    for hyp, refs in zip(hypotheses, references):
        hyp_len += len(hyp)
        ref_len += min((abs(len(r) - len(hyp)), len(r)) for r in refs)[1]     # closest; a tie: the shorter
        for n in range(1, 5):
            counts = _ngrams(hyp, n)
            most = Counter()
            for r in refs:
                most |= _ngrams(r, n)                                     # max count over the references
            matched[n - 1] += sum(min(c, most[g]) for g, c in counts.items())   # clipped
            total[n - 1] += max(len(hyp) - n + 1, 0)
    if min(matched) == 0:
        return 0.0
    log_precision = sum(math.log(m / t) for m, t in zip(matched, total)) / 4
    brevity = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / hyp_len)   # once, for the whole corpus
    return brevity * math.exp(log_precision)
