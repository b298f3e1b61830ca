"""perplexity_bleu: two metrics of a language model's output. perplexity: token-weighted over a
padded batch, with rows of very different lengths and rows without a real token, junk targets
(-100) under the padding, logits near ±1e4, and an invariant that padded positions change nothing.
corpus_bleu: BLEU-4 over token lists from a tiny vocabulary (many repeated n-grams, so clipping
matters), one to three references of different lengths (the closest one, ties to the shorter),
hypotheses shorter and longer than their references, and the zero cases. Classic mistakes: the mean
of the rows' perplexities, padding counted, per-token perplexities averaged; unclipped counts, the
brevity penalty per sentence, the shortest reference, and sentence BLEU averaged."""
import math
import random
from collections import Counter

from hypothesis import strategies as st

import torch
from grader.engine.kit import generator, randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Perplexity and corpus BLEU", zh="困惑度与BLEU", topic="decoding", difficulty="medium",
            minutes=25, oracle="closed forms in float64 and Python written in the test; nltk corpus_bleu and "
                               "sacrebleu (smooth_method='none') where installed")
HINTS = [
    "Perplexity: nll = -log_softmax(logits)[target] per position (index with a safe target where masked); "
    "exp(nll[mask].sum() / mask.sum()): one mean over every real token, never a mean of the rows' perplexities.",
    "BLEU: for each sentence and n = 1..4, Counter the hypothesis' n-grams; the clip limit of an n-gram is its "
    "largest count in any one reference (Counter's | takes the maximum). Sum matches and totals over the corpus.",
    "The brevity penalty is computed once: c = sum of hypothesis lengths, r = sum of each sentence's closest "
    "reference length (min over (|len(ref) - len(hyp)|, len(ref))); BP = 1 if c > r else exp(1 - r / c).",
]


# ---- perplexity -----------------------------------------------------------------------------------------

def ppl_case(logits, targets, mask, label="") -> Case:
    # log p of logits near ±1e4 is rounded at 1e4's spacing in float32: tolerances grow with the logits
    return Case(args=(logits, targets, mask), scale=max(1.0, float(logits.abs().max())), label=label)


def padded(seed, B, S, lengths=None):
    """targets (B, S) and a right-padded mask; padded targets are -100."""
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(0, S + 1, (B,), generator=g) if lengths is None else torch.tensor(lengths)
    lengths[0] = max(int(lengths[0]), 1)                                      # one real token at least
    mask = torch.arange(S)[None, :] < lengths[:, None]
    return mask


def ppl_fixed(seed, B, S, V, lengths=None, scale=1.0, centre=0.0, label="") -> Case:
    mask = padded(seed, B, S, lengths)
    targets = torch.randint(0, V, (B, S), generator=torch.Generator().manual_seed(seed + 1))
    return ppl_case(centre + seeded(seed + 2, B, S, V, scale=scale), targets.masked_fill(~mask, -100), mask, label)


def ppl_inputs(draw) -> Case:
    B, S, V = draw(st.integers(1, 4)), draw(st.integers(1, 6)), draw(st.integers(1, 8))
    centre = draw(st.sampled_from([0.0, 0.0, 1e4, -1e4]))
    logits = centre + randn(draw, B, S, V, scale=draw(st.sampled_from([1.0, 5.0])))
    g = generator(draw)
    mask = torch.rand(B, S, generator=g) < draw(st.sampled_from([0.3, 0.7, 1.0]))
    mask[draw(st.integers(0, B - 1)), draw(st.integers(0, S - 1))] = True
    targets = torch.randint(0, V, (B, S), generator=g)
    if draw(st.booleans()):
        targets = targets.masked_fill(~mask, -100)
    return ppl_case(logits, targets, mask)


def padding_ignored(call, case):
    logits, targets, mask = case.args
    changed = torch.where(mask[..., None], logits, logits + 7.0 * torch.arange(logits.shape[-1]))
    junk = torch.where(mask, targets, 0)
    a, b = call(case), call(ppl_case(changed, junk, mask))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != b.shape:
        return
    if not torch.allclose(a.detach().double(), b.detach().double(), rtol=1e-5, equal_nan=True):
        raise Fail(f"changing the logits and targets where mask is False changed the perplexity from "
                   f"{a.item():.6g} to {b.item():.6g}: padded positions do not count", mistake=PADDING)


def token_nll(logits, targets, mask):
    z = logits - logits.amax(-1, keepdim=True)
    logp = z - z.exp().sum(-1, keepdim=True).log()
    return -logp.gather(-1, torch.where(mask, targets, 0)[..., None])[..., 0]


def ppl_like(how):
    def perplexity(logits, targets, mask):
        nll = token_nll(logits, targets, mask)
        if how == "rows":                         # each row's perplexity, then their mean
            per_row = (nll * mask).sum(1) / mask.sum(1)
            return per_row.exp().mean()
        if how == "padding":                      # every position counted
            return nll.mean().exp()
        return nll.exp()[mask].mean()             # each token's perplexity averaged
    return perplexity


PADDING = "padding counted: only positions where mask is True enter the sum and the count"


# ---- corpus BLEU ----------------------------------------------------------------------------------------

def sentences(seed, k, words="a b c d", hyp=(0, 8), ref=(1, 8), refs=(1, 3)):
    rng, vocab = random.Random(seed), words.split()
    hyps = [[rng.choice(vocab) for _ in range(rng.randint(*hyp))] for _ in range(k)]
    allrefs = [[[rng.choice(vocab) for _ in range(rng.randint(*ref))] for _ in range(rng.randint(*refs))]
               for _ in range(k)]
    return hyps, allrefs


def bleu_case(hyps, refs, label="") -> Case:
    return Case(args=(hyps, refs), label=label)


def near_copies(seed, k):
    """Hypotheses made from a reference by a few edits: BLEU well above 0."""
    rng = random.Random(seed)
    hyps, refs = sentences(seed, k, words="a b c d e f", hyp=(0, 0), ref=(6, 12))
    for i, rs in enumerate(refs):
        h = list(rs[0])
        for _ in range(rng.randint(0, 2)):
            h[rng.randrange(len(h))] = rng.choice("abcdef")
        hyps[i] = h[:len(h) - rng.randint(0, 3)] + ["a"] * rng.randint(0, 2)
    return hyps, refs


def bleu_inputs(draw) -> Case:
    seed, k = draw(st.integers(0, 2**31 - 1)), draw(st.integers(1, 4))
    if draw(st.booleans()):
        return bleu_case(*near_copies(seed, k))
    return bleu_case(*sentences(seed, k, words=draw(st.sampled_from(["a b", "a b c", "a b c d e"])),
                                hyp=(draw(st.integers(0, 4)), 10)))


def grams(tokens, n):
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def bleu_like(clip=True, bp="corpus", ref_len="closest", sentence_mean=False):
    def stats(hyp, refs):
        if ref_len == "closest":
            r = min((abs(len(x) - len(hyp)), len(x)) for x in refs)[1]
        else:
            r = min(len(x) for x in refs)
        m, t = [], []
        for n in range(1, 5):
            h = grams(hyp, n)
            limit = Counter()
            for x in refs:
                limit |= grams(x, n)
            m.append(sum(min(c, limit[g]) if clip else (c if g in limit else 0) for g, c in h.items()))
            t.append(max(len(hyp) - n + 1, 0))
        return m, t, len(hyp), r

    def score(m, t, c, r):
        if min(m) == 0 or c == 0:
            return 0.0
        return (1.0 if c > r else math.exp(1 - r / c)) * math.exp(sum(math.log(a / b) for a, b in zip(m, t)) / 4)

    def corpus_bleu(hypotheses, references):
        per = [stats(h, rs) for h, rs in zip(hypotheses, references)]
        if sentence_mean:
            return sum(score(*s) for s in per) / len(per)
        m = [sum(s[0][i] for s in per) for i in range(4)]
        t = [sum(s[1][i] for s in per) for i in range(4)]
        c, r = sum(s[2] for s in per), sum(s[3] for s in per)
        if bp == "corpus":
            return score(m, t, c, r)
        if min(m) == 0 or c == 0:
            return 0.0
        penalty = sum(1.0 if s[2] > s[3] else math.exp(1 - s[3] / s[2]) if s[2] else 0.0 for s in per) / len(per)
        return penalty * math.exp(sum(math.log(a / b) for a, b in zip(m, t)) / 4)
    return corpus_bleu


PROMPT_HYPS = ["the cat sat on the mat".split(), "a dog ran".split()]
PROMPT_REFS = [["the cat sat on a mat".split(), "there is a cat on the mat".split()], ["a dog ran in the park".split()]]


DRILL = Drill(entries=[
    Entry(
        "perplexity",
        inputs=ppl_inputs,
        examples=[
            ppl_case(torch.tensor([[[2.0, 0.0, -1.0], [0.5, 0.5, 0.0], [0.0, 0.0, 0.0]],
                                   [[1.0, 2.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]]]),
                     torch.tensor([[0, 1, 2], [1, 2, -100]]),
                     torch.tensor([[True, True, False], [True, True, False]]), "the prompt's example"),
            ppl_fixed(1, 3, 8, 5, lengths=[8, 2, 5], label="rows of 8, 2 and 5 tokens"),
            ppl_fixed(2, 3, 4, 6, lengths=[4, 0, 3], label="a row with no real token"),
            ppl_fixed(3, 2, 5, 4, lengths=[5, 5], label="no padding"),
            ppl_fixed(4, 1, 1, 1, lengths=[1], label="one token, one class: perplexity 1"),
            ppl_case(seeded(5, 2, 3, 4).double(), torch.tensor([[1, 0, 3], [2, 2, 0]]),
                     torch.tensor([[True, True, True], [True, False, False]]), "float64"),
        ],
        extreme=[ppl_fixed(6, 2, 4, 5, lengths=[4, 3], centre=-1e4, scale=3.0, label="all logits near -1e4"),
                 ppl_fixed(7, 2, 3, 6, lengths=[3, 2], centre=1e4, scale=3.0, label="all logits near +1e4"),
                 ppl_fixed(8, 2, 16, 4096, lengths=[16, 9], label="4096 classes")],
        invariants=[Invariant("padded positions ignored", padding_ignored)],
        # exp turns an error of one float32 spacing at 1e4 (about 1e-3) in the mean -log p into a relative one
        tol={"float32": (2e-3, 1e-5), "grad": (2e-3, 1e-5)},
        mistakes=[
            Mistake("the mean of the rows' perplexities: perplexity is token-weighted, exp(total -log p / total "
                    "tokens)", like=ppl_like("rows"),
                    hint="Sum -log p over every real token of the batch and divide once by mask.sum()."),
            Mistake(PADDING, like=ppl_like("padding")),
            Mistake("each token's perplexity averaged: average -log p first, then exp", like=ppl_like("tokens")),
        ],
        loops=Loops(small=ppl_fixed(9, 2, 6, 5, lengths=[6, 3]),
                    large=ppl_fixed(9, 7, 6, 5, lengths=[6, 3, 1, 5, 4, 2, 6]), over="the batch"),
        speed=Speed(lambda seed: ppl_fixed(20 + seed, 16, 128, 1000), limit=30.0),
    ),
    Entry(
        "corpus_bleu",
        inputs=bleu_inputs,
        examples=[
            bleu_case(PROMPT_HYPS, PROMPT_REFS, "the prompt's example"),
            bleu_case(*near_copies(1, 4), "four near copies of a reference"),
            bleu_case([list("aaaaaaaa")], [[list("aaaab"), list("aaba")]], "one word repeated: clipping"),
            bleu_case([list("abcdab"), list("bcda")], [[list("abcdabcd"), list("abcd")], [list("bcdab")]],
                      "references longer and shorter: the closest"),
            bleu_case([list("abcde")], [[list("abcdef"), list("abcd")]], "two references equally close: the shorter"),
            bleu_case([list("abc"), list("abcde")], [[list("abc")], [list("abcde")]],
                      "a sentence too short for a 4-gram"),
            bleu_case([list("abcdefgh"), []], [[list("abcdefgh")], [list("xy")]], "an empty hypothesis"),
            bleu_case([list("abab")], [[list("cdcd")]], "no match: 0"),
        ],
        invariants=[],
        mistakes=[
            Mistake("unclipped n-gram counts: an n-gram counts at most as often as in one reference",
                    like=bleu_like(clip=False),
                    hint="matches = sum(min(c, max over the references of that n-gram's count))"),
            Mistake("brevity penalty per sentence: it is computed once, from the corpus totals c and r",
                    like=bleu_like(bp="sentence")),
            Mistake("the shortest reference length: r takes each sentence's closest reference (a tie: the shorter)",
                    like=bleu_like(ref_len="shortest")),
            Mistake("sentence BLEU averaged: corpus BLEU sums the matches and counts over the corpus first",
                    like=bleu_like(sentence_mean=True)),
        ],
        grad=False,
        device=False,
    ),
], banned=["import nltk", "import sacrebleu", "torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"])
