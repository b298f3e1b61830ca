import math
from collections import Counter

EXPECT = {
    'perplexity: no loop': '',
}


def perplexity(logits, targets, mask):
    total, count = 0.0, 0
    for row_logits, row_targets, row_mask in zip(logits, targets, mask):
        z = row_logits[row_mask]
        z = z - z.amax(-1, keepdim=True)
        logp = z - z.exp().sum(-1, keepdim=True).log()
        total = total - logp.gather(1, row_targets[row_mask][:, None]).sum()
        count += int(row_mask.sum())
    return (total / count).exp()


def corpus_bleu(hypotheses, references):
    clipped = Counter()
    possible = Counter()
    c = r = 0
    for hyp, refs in zip(hypotheses, references):
        c += len(hyp)
        r += sorted(refs, key=lambda ref: (abs(len(ref) - len(hyp)), len(ref)))[0].__len__()
        for n in (1, 2, 3, 4):
            hyp_grams = Counter(zip(*[hyp[i:] for i in range(n)]))
            for gram, count in hyp_grams.items():
                limit = max(Counter(zip(*[ref[i:] for i in range(n)]))[gram] for ref in refs)
                clipped[n] += min(count, limit)
            possible[n] += sum(hyp_grams.values())
    if c == 0 or any(clipped[n] == 0 for n in (1, 2, 3, 4)):
        return 0.0
    geo = math.exp(sum(0.25 * math.log(clipped[n] / possible[n]) for n in (1, 2, 3, 4)))
    return geo * (1.0 if c > r else math.exp(1 - r / c))
