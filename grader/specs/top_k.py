import math

from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from grader.specs.top_p import logit_or_minus_inf, rows_independent
from grader.stats import counts_of, disagreement
from reference.top_k import top_k_filter

META = dict(title="Top-k filtering and sampling", zh="Top-k采样", topic="decoding", difficulty="easy", minutes=10)
HINTS = [
    "logits.topk(k, dim=-1).values is sorted in descending order: its last column is the k-th largest "
    "logit of each row. Keep it as (..., 1) so it broadcasts against the row.",
    "Remove the logits strictly below the k-th largest (logits < kth): the k-th itself and its ties stay. "
    "Clamp k to V first: topk cannot take more than V.",
    "logits.masked_fill(logits < kth, float('-inf')) returns a new tensor; logits[...] = -inf would edit "
    "the caller's logits.",
    "Sampling: probs = softmax(logits / temperature, -1); flatten the leading dims, "
    "torch.multinomial(probs, 1, generator=generator), reshape to logits.shape[:-1].",
]

INF = float("-inf")


# ---- drawn inputs ------------------------------------------------------------------------------

def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    vocab = draw(st.integers(1, 12))
    k = draw(st.integers(1, vocab + 2))          # k >= V keeps every token
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    return Case(args=(randn(draw, *lead, vocab, scale=scale), k), scale=scale)


def long_rows() -> torch.Tensor:
    return seeded(7, 2, 50000)


# ---- invariants (no reference needed; drawn logits have no ties) ----------------------------------

def _kept(call, case):
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != case.args[0].shape:
        raise Fail(f"expected a tensor of the logits' shape {tuple(case.args[0].shape)}")
    return out.detach() > float("-inf")


def k_kept(call, case):
    logits, k = case.args
    ordered = logits.sort(-1).values
    if (ordered[..., 1:] == ordered[..., :-1]).any() or torch.isinf(logits).any():
        return                                    # ties or -inf: more than k may stay
    counts = _kept(call, case).sum(-1)
    want = min(k, logits.shape[-1])
    bad = counts != want
    if bad.any():
        row = bad.nonzero()[0].tolist()
        raise Fail(f"row {row} kept {int(counts[tuple(row)])} tokens with k={k} and V={logits.shape[-1]}; "
                   f"without ties exactly min(k, V) = {want} stay")


def keeps_largest(call, case):
    logits = case.args[0]
    kept = _kept(call, case)
    lowest_kept = logits.masked_fill(~kept, math.inf).amin(-1)
    highest_removed = logits.masked_fill(kept, INF).amax(-1)
    bad = highest_removed > lowest_kept
    if bad.any():
        row = tuple(bad.nonzero()[0].tolist())
        raise Fail(f"in row {list(row)} a token with logit {highest_removed[row].item():.4g} was removed while "
                   f"one with logit {lowest_kept[row].item():.4g} was kept: keep the LARGEST logits")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _kth(logits, k, largest=True):
    return logits.topk(min(k, logits.shape[-1]), dim=-1, largest=largest).values[..., -1:]


def excludes_kth(logits, k):
    return logits.masked_fill(logits <= _kth(logits, k), INF)


def keeps_k_plus_one(logits, k):
    return logits.masked_fill(logits < _kth(logits, k + 1), INF)


def keeps_smallest(logits, k):
    return logits.masked_fill(logits > _kth(logits, k, largest=False), INF)


def fills_zero(logits, k):
    return logits.masked_fill(logits < _kth(logits, k), 0.0)


def drops_ties(logits, k):
    values, idx = logits.topk(min(k, logits.shape[-1]), dim=-1)
    return torch.full_like(logits, INF).scatter(-1, idx, values)


# ---- sample, graded statistically --------------------------------------------------------------
# As in top_p: N_SAMPLES draws per row from a generator with a fixed seed, so one implementation
# always gets the same verdict. A count c of a token with probability q (0 < q < 1) fails when
# min(P[X <= c], P[X >= c]) < ALPHA / (2m), X ~ Binomial(N, q) computed exactly, m = the number of
# tokens tested in that check: by the union bound a correct sampler fails a check with probability
# at most ALPHA = 1e-6. A token with q = 0 (logit -inf) must never be drawn.

ALPHA = 1e-6
N_SAMPLES = 1000


def judge(counts, expected, alternatives: dict, what: str) -> None:
    """Fail with what differed and, when the counts fit a known mistake's distribution, its name."""
    problem = disagreement(counts, expected, ALPHA, "has probability 0 (logit -inf)")
    if problem:
        likely = next((name for name, dist in alternatives.items() if not disagreement(counts, dist)), "")
        raise Fail(f"{what}: {problem}" + (f" — likely cause: {likely}" if likely else ""))


def describe(out) -> str:
    if isinstance(out, torch.Tensor):
        return f"{tuple(out.shape)} {str(out.dtype).removeprefix('torch.')}"
    return type(out).__name__


def sample_counts(module, logits, temperature, seed):
    """logits (R, V): N_SAMPLES draws per row, in one call on logits expanded to (N, R, V)."""
    batch = logits.expand(N_SAMPLES, *logits.shape).clone()
    out = module.sample(batch, temperature=temperature, generator=torch.Generator().manual_seed(seed))
    if not isinstance(out, torch.Tensor) or out.shape != batch.shape[:-1] or out.dtype != torch.long:
        raise Fail(f"sample(logits {tuple(batch.shape)}) should return a long tensor of shape "
                   f"{tuple(batch.shape[:-1])}, got {describe(out)}")
    return counts_of(out.reshape(N_SAMPLES, -1), logits.shape[-1])


def probs_of(logits):
    return torch.softmax(logits.double(), -1)


def log_probs(*probs):
    return torch.tensor(probs).log()


def sample_shape_and_dtype(module):
    logits = seeded(10, 3, 4, 7)
    kept = logits.clone()
    for shape, gen in [((3, 4, 7), torch.Generator().manual_seed(0)), ((7,), torch.Generator().manual_seed(1)),
                       ((3, 4, 7), None)]:
        x = logits.reshape(-1)[:7] if shape == (7,) else logits
        out = module.sample(x, generator=gen)
        call = f"sample(logits {shape}{', generator=None' if gen is None else ''})"
        if not isinstance(out, torch.Tensor) or out.shape != torch.Size(shape[:-1]) or out.dtype != torch.long:
            raise Fail(f"{call} should return a long tensor of shape {shape[:-1]} (one token id per row), "
                       f"got {describe(out)}")
        if ((out < 0) | (out >= 7)).any():
            raise Fail(f"{call} returned ids outside [0, 7): {out.flatten()[:6].tolist()}")
    if not torch.equal(logits, kept):
        raise Fail("sample modified `logits` in place; inputs must be left as they were")


# 32 rows of 10 logits, each row top-k filtered with its own k: -inf tokens must never be drawn.
FILTERED = torch.cat([top_k_filter(seeded(12, 8, 10, scale=2.0), k) for k in (1, 2, 4, 7)])


def sample_skips_removed(module):
    out = module.sample(FILTERED.expand(50, 32, 10), generator=torch.Generator().manual_seed(3))
    if not isinstance(out, torch.Tensor) or out.shape != (50, 32):
        raise Fail(f"sample(logits (50, 32, 10)) should return shape (50, 32), got {describe(out)}")
    ids = out.T.long().clamp(0, 9)                                                 # (32 rows, 50 draws)
    removed = torch.isinf(FILTERED.gather(-1, ids)) | (out.T < 0) | (out.T > 9)
    if removed.any():
        r, i = removed.nonzero()[0].tolist()
        raise Fail(f"sample drew token {int(out[i, r])} for row {r}, whose logit is -inf (removed by "
                   f"top_k_filter); its probability is 0")


# Row 0: a peaked distribution; row 1: the top 3 of 8 after top_k_filter; row 2: nearly flat.
FREQ_LOGITS = torch.stack([log_probs(0.06, 0.22, 0.02, 0.40, 0.10, 0.04, 0.14, 0.02),
                           top_k_filter(log_probs(0.03, 0.45, 0.08, 0.02, 0.17, 0.05, 0.18, 0.02), 3),
                           log_probs(0.16, 0.13, 0.20, 0.09, 0.15, 0.11, 0.06, 0.10)])


def sample_frequencies(module):
    counts = sample_counts(module, FREQ_LOGITS, 1.0, seed=4)
    probs = probs_of(FREQ_LOGITS)
    finite = torch.isfinite(FREQ_LOGITS).double()
    alternatives = {
        "always the most likely token (that is greedy decoding, not sampling)":
            torch.nn.functional.one_hot(probs.argmax(-1), 8).double(),
        "uniform over the finite logits (weight the tokens by their probabilities)":
            finite / finite.sum(-1, keepdim=True),
    }
    judge(counts, probs, alternatives, f"sample frequencies over {N_SAMPLES} draws")


TEMP_LOGITS = torch.stack([log_probs(0.10, 0.04, 0.50, 0.06, 0.30),
                           top_k_filter(log_probs(0.25, 0.05, 0.45, 0.15, 0.10), 3)])


def sample_temperature(module):
    for t in (2.0, 0.5):
        counts = sample_counts(module, TEMP_LOGITS, t, seed=5)
        alternatives = {
            "temperature ignored (or applied to the probabilities after the softmax, which renormalising "
            "undoes): divide the logits by it before the softmax": probs_of(TEMP_LOGITS),
            "logits multiplied by the temperature instead of divided": probs_of(TEMP_LOGITS * t),
        }
        judge(counts, probs_of(TEMP_LOGITS / t), alternatives,
              f"sample(temperature={t:g}) over {N_SAMPLES} draws")


def sample_uses_generator(module):
    logits = seeded(16, 500, 10)
    state = torch.get_rng_state()
    try:
        torch.manual_seed(1)
        a = module.sample(logits, generator=torch.Generator().manual_seed(7))
        torch.manual_seed(2)
        b = module.sample(logits, generator=torch.Generator().manual_seed(7))
        c = module.sample(logits, generator=torch.Generator().manual_seed(8))
    finally:
        torch.set_rng_state(state)
    if not torch.equal(a, b):
        raise Fail("two calls with generators seeded alike gave different samples: draw all randomness from "
                   "`generator` (torch.multinomial(probs, 1, generator=generator)), not from torch's global RNG")
    if torch.equal(a, c):
        raise Fail("generators seeded differently gave the same 500 samples: the draws do not come from `generator`")


DRILL = Drill(
    entry="top_k_filter",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, -1.0, 2.0, 0.5]), 2), label="the prompt's example"),
        Case(args=(seeded(1, 4, 6), 3), label="4 rows"),
        Case(args=(seeded(2, 2, 3, 5, scale=2.0), 1), scale=2.0, label="k = 1 keeps only the top token"),
        Case(args=(seeded(3, 3, 5), 5), label="k = V keeps every token"),
        Case(args=(seeded(4, 3, 5), 9), label="k > V keeps every token"),
        Case(args=(torch.tensor([[1.0, 3.0, 3.0, 3.0, 0.0], [2.0, 2.0, 2.0, 2.0, 2.0]]), 2),
             label="ties with the k-th largest stay"),
        Case(args=(torch.tensor([[0.5, INF, 1.0, INF, 0.2]]), 2), label="already-removed tokens (-inf)"),
        Case(args=(seeded(5, 2, 1), 1), label="vocabulary of 1"),
    ],
    extreme=[
        Case(args=(seeded(6, 8, 16, scale=1e4), 3), scale=1e4, label="logits near ±1e4"),
        Case(args=(long_rows(), 50), label="long rows (V = 50000)"),
    ],
    invariants=[
        Invariant("kept logits unchanged, the rest -inf", logit_or_minus_inf),
        Invariant("min(k, V) tokens kept", k_kept),
        Invariant("kept = the largest logits", keeps_largest),
        Invariant("rows filtered independently", rows_independent),
    ],
    custom=[
        Custom("sample: shape and dtype", sample_shape_and_dtype),
        Custom("sample: never draws -inf tokens", sample_skips_removed),
        Custom("sample: frequencies", sample_frequencies),
        Custom("sample: temperature", sample_temperature),
        Custom("sample: generator", sample_uses_generator),
    ],
    mistakes=[
        Mistake("top-k that edits the logits in place", check="inputs unchanged"),
        Mistake("the k-th largest logit is removed too (off by one: keep logits >= the k-th largest, "
                "remove only those < it)", like=excludes_kth),
        Mistake("keeps k + 1 tokens (off by one: the threshold is the k-th largest, index k - 1 of the "
                "descending sort)", like=keeps_k_plus_one),
        Mistake("keeps the k smallest logits instead of the k largest", like=keeps_smallest),
        Mistake("removed tokens set to 0 instead of -inf (0 is still a valid logit)", like=fills_zero),
        Mistake("keeps exactly k tokens when others tie with the k-th largest: keep every logit >= the "
                "k-th largest", like=drops_ties),
        Mistake("k larger than the vocabulary: clamp it, k >= V keeps every token",
                error="selected index k out of range|out of range|too big"),
    ],
    # many short rows: a loop over rows costs 33-225x, correct variants 0.65-1.6x (reference ~2 ms)
    speed=lambda: Case(args=(seeded(8, 2048, 32), 5)),
    speed_limit=10.0,
)
