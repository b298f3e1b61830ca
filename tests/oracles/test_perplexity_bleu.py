"""perplexity against exp of F.cross_entropy over the real tokens (ignore_index) in float64, and against
the mean -log p counted token by token in Python; corpus_bleu against BLEU-4 written out here from its
definition (clipped n-gram matches, closest reference length, one brevity penalty), and against nltk's
corpus_bleu and sacrebleu (smooth_method='none') where they are installed."""
import math
import random

import pytest
import torch
import torch.nn.functional as F

from reference.perplexity_bleu import corpus_bleu, perplexity


def batch(seed, B, S, V, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(B, S, V, generator=g, dtype=dtype) * 3
    targets = torch.randint(0, V, (B, S), generator=g)
    mask = torch.rand(B, S, generator=g) < 0.6
    mask[0, 0] = True
    return logits, targets.masked_fill(~mask, -100), mask


@pytest.mark.parametrize("seed, B, S, V", [(0, 1, 1, 2), (1, 3, 7, 5), (2, 4, 12, 50), (3, 8, 3, 1000)])
def test_perplexity_is_exp_of_the_token_mean_cross_entropy(seed, B, S, V):
    logits, targets, mask = batch(seed, B, S, V)
    got = perplexity(logits, targets, mask)
    want = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=-100).exp()
    assert got.dtype == torch.float64 and got.dim() == 0
    assert abs(got.item() - want.item()) < 1e-10 * want.item()
    nll = [-(logits[b, t].log_softmax(-1)[targets[b, t]]).item()
           for b in range(B) for t in range(S) if mask[b, t]]
    assert abs(got.item() - math.exp(sum(nll) / len(nll))) < 1e-10 * got.item()


def test_perplexity_in_float32_near_1e4():
    logits, targets, mask = batch(4, 2, 5, 7, torch.float32)
    got = perplexity(logits + 1e4, targets, mask)
    want = F.cross_entropy(logits.double().reshape(-1, 7), targets.reshape(-1), ignore_index=-100).exp()
    assert got.dtype == torch.float32 and abs(got.item() - want.item()) < 2e-3 * want.item()


def written_out(hyps, refs):
    matches, totals, c, r = [0] * 4, [0] * 4, 0, 0
    for hyp, rs in zip(hyps, refs):
        c += len(hyp)
        lengths = sorted(len(x) for x in rs)
        r += min(lengths, key=lambda length: abs(length - len(hyp)))        # sorted: a tie picks the shorter
        for n in range(1, 5):
            grams = [tuple(hyp[i:i + n]) for i in range(len(hyp) - n + 1)]
            totals[n - 1] += len(grams)
            for g in set(grams):
                limit = max([tuple(x[i:i + n]) for i in range(len(x) - n + 1)].count(g) for x in rs)
                matches[n - 1] += min(grams.count(g), limit)
    if c == 0 or 0 in matches:
        return 0.0
    bp = 1.0 if c > r else math.exp(1 - r / c)
    return bp * math.exp(sum(math.log(m / t) for m, t in zip(matches, totals)) / 4)


def corpus(seed, k, words="a b c d e"):
    rng = random.Random(seed)
    refs = [[[rng.choice(words.split()) for _ in range(rng.randint(4, 14))] for _ in range(rng.randint(1, 3))]
            for _ in range(k)]
    hyps = []
    for rs in refs:
        h = list(rs[0])
        for _ in range(rng.randint(0, 3)):
            h[rng.randrange(len(h))] = rng.choice(words.split())
        hyps.append(h[:len(h) - rng.randint(0, 3)] + ["a"] * rng.randint(0, 3))
    return hyps, refs


@pytest.mark.parametrize("seed", range(12))
def test_bleu_agrees_with_its_definition(seed):
    hyps, refs = corpus(seed, 1 + seed % 5)
    got = corpus_bleu(hyps, refs)
    assert isinstance(got, float) and abs(got - written_out(hyps, refs)) < 1e-12


def test_bleu_edges():
    assert corpus_bleu([list("abab")], [[list("cdcd")]]) == 0.0
    assert corpus_bleu([[]], [[list("ab")]]) == 0.0
    assert abs(corpus_bleu([list("abcde")], [[list("abcde")]]) - 1.0) < 1e-12
    hyps = ["the cat sat on the mat".split(), "a dog ran".split()]
    refs = [["the cat sat on a mat".split(), "there is a cat on the mat".split()], ["a dog ran in the park".split()]]
    assert abs(corpus_bleu(hyps, refs) - written_out(hyps, refs)) < 1e-12
    assert round(corpus_bleu(hyps, refs), 4) == 0.5


@pytest.mark.parametrize("seed", range(6))
def test_bleu_agrees_with_nltk(seed):
    nltk_bleu = pytest.importorskip("nltk.translate.bleu_score")
    hyps, refs = corpus(seed, 3)
    assert abs(corpus_bleu(hyps, refs) - nltk_bleu.corpus_bleu(refs, hyps)) < 1e-12


@pytest.mark.parametrize("seed", range(6))
def test_bleu_agrees_with_sacrebleu(seed):
    sacrebleu = pytest.importorskip("sacrebleu")
    hyps, refs = corpus(seed, 3)
    refs = [(rs * 2)[:2] if len(rs) < 3 else rs[:2] for rs in refs]          # two references per sentence
    streams = [[" ".join(rs[i]) for rs in refs] for i in range(2)]
    score = sacrebleu.corpus_bleu([" ".join(h) for h in hyps], streams, smooth_method="none", tokenize="none",
                                  force=True)
    assert abs(corpus_bleu(hyps, refs) - score.score / 100) < 1e-9
