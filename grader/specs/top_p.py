import math

from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from grader.stats import counts_of, disagreement

META = dict(title="Nucleus (top-p) sampling", zh="核采样", topic="decoding", difficulty="medium", minutes=15)
HINTS = [
    "Sort each row's logits in descending order (keep the indices), softmax, cumsum: the mass strictly "
    "before token i is cumsum[i] - probs[i].",
    "Remove a token iff the mass before it is >= p. The token that carries the total across p stays, "
    "and the top token (mass before it 0) always stays.",
    "The mask is in sorted order: scatter it back with the sort indices "
    "(zeros_like(mask).scatter(-1, order, mask)), then logits.masked_fill(mask, -inf) — a new tensor.",
    "Sampling: top_p_filter(logits / temperature, p).softmax(-1), flatten the leading dims, "
    "torch.multinomial(probs, 1, generator=generator), reshape to logits.shape[:-1].",
]

INF = float("-inf")


# ---- the catalogue's rule in float64, to pick inputs and to know what sampling should give -------

def nucleus_probs(logits: torch.Tensor, p: float, crossing_kept: bool = True) -> torch.Tensor:
    """The filtered distribution (..., V) in float64: zero outside the nucleus, renormalised.
    crossing_kept=False gives the classic mistake's distribution instead."""
    probs = torch.softmax(logits.double(), -1)
    sorted_probs, order = probs.sort(-1, descending=True)
    mass = sorted_probs.cumsum(-1) - (sorted_probs if crossing_kept else 0)
    keep = torch.zeros_like(probs, dtype=torch.bool).scatter(-1, order, mass < p)
    kept = probs * keep
    return kept / kept.sum(-1, keepdim=True)


def clear_of_boundaries(logits: torch.Tensor, p: float, margin: float = 1e-3) -> float:
    """p, moved as little as possible so that it lies at least `margin` from the cumulative mass
    of every row: there the catalogue's rule, HF's ascending rule and float rounding all agree.
    At most rows·V + 2 edges in [0, 1], so a gap wider than 4·margin exists for rows·V < 248."""
    probs = torch.softmax(logits.double().reshape(-1, logits.shape[-1]), -1).sort(-1, descending=True).values
    edges = sorted([0.0, 1.0] + probs.cumsum(-1).flatten().tolist())
    best = None
    for lo, hi in zip(edges, edges[1:]):
        if hi - lo > 4 * margin:
            q = min(max(p, lo + 2 * margin), hi - 2 * margin)
            if best is None or abs(q - p) < abs(best - p):
                best = q
    if best is None:
        raise ValueError(f"no gap of {4 * margin:g} between the cumulative masses of {tuple(logits.shape)} logits")
    return round(best, 4)


# ---- drawn inputs ------------------------------------------------------------------------------

def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    vocab = draw(st.integers(1, 12))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    logits = randn(draw, *lead, vocab, scale=scale)
    p = clear_of_boundaries(logits, draw(st.integers(1, 99)) / 100)
    return Case(args=(logits, p), scale=scale)


def peaked_long_rows() -> torch.Tensor:
    x = seeded(7, 2, 50000)
    x[:, [17, 4242, 31000]] += torch.tensor([15.0, 14.0, 13.0])   # three tokens hold ~98% of the mass
    return x


# ---- invariants (no reference needed) ----------------------------------------------------------

def _filtered(call, case):
    logits, out = case.args[0], call(case)
    if not isinstance(out, torch.Tensor) or out.shape != logits.shape:
        raise Fail(f"expected a tensor of the logits' shape {tuple(logits.shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return logits, out.detach()


def logit_or_minus_inf(call, case):
    logits, out = _filtered(call, case)
    bad = ~((out == logits) | (out == INF))
    if bad.any():
        idx = tuple(bad.nonzero()[0].tolist())
        raise Fail(f"output{list(idx)} is {out[idx].item():.4g}: each entry must be the input logit "
                   f"({logits[idx].item():.4g}) or -inf")


def top_token_kept(call, case):
    logits, out = _filtered(call, case)
    lost = torch.isinf(out.gather(-1, logits.argmax(-1, keepdim=True))).squeeze(-1)
    if lost.any():
        raise Fail(f"the most likely token of row {lost.nonzero()[0].tolist()} was removed: the mass "
                   f"before it is 0 < p, so it is always kept")


def keeps_most_likely(call, case):
    logits, out = _filtered(call, case)
    kept = out > INF
    lowest_kept = logits.masked_fill(~kept, math.inf).amin(-1)
    highest_removed = logits.masked_fill(kept, INF).amax(-1)
    bad = highest_removed > lowest_kept
    if bad.any():
        row = bad.nonzero()[0].tolist()
        raise Fail(f"in row {row} a token with logit {highest_removed[tuple(row)].item():.4g} was removed while "
                   f"one with logit {lowest_kept[tuple(row)].item():.4g} was kept: the nucleus is the most "
                   f"likely tokens (sort descending, then map back to vocabulary order)")


def rows_independent(call, case):
    logits, p = case.args
    if logits.dim() < 2 or logits.shape[0] < 2:
        return
    other = logits.clone()
    other[0] = -2 * other[0]
    a, b = _filtered(call, case)[1], _filtered(call, Case(args=(other, p), scale=case.scale))[1]
    if not torch.equal(a[1:], b[1:]):
        raise Fail("changing the logits of row 0 changed the output of other rows: each row is "
                   "filtered on its own")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _sorted(logits, descending=True):
    s, order = logits.sort(-1, descending=descending)
    return s, order, s.softmax(-1)


def _unsort(mask, order):
    return torch.zeros_like(mask).scatter(-1, order, mask)


def drops_crossing_token(logits, p):
    s, order, probs = _sorted(logits)
    return logits.masked_fill(_unsort(probs.cumsum(-1) >= p, order), INF)


def drops_crossing_token_keeps_top(logits, p):
    s, order, probs = _sorted(logits)
    remove = probs.cumsum(-1) >= p
    remove[..., 0] = False
    return logits.masked_fill(_unsort(remove, order), INF)


def sorts_ascending(logits, p):
    s, order, probs = _sorted(logits, descending=False)
    return logits.masked_fill(_unsort(probs.cumsum(-1) - probs >= p, order), INF)


def returns_sorted_order(logits, p):
    s, order, probs = _sorted(logits)
    return s.masked_fill(probs.cumsum(-1) - probs >= p, INF)


def mask_left_in_sorted_order(logits, p):
    s, order, probs = _sorted(logits)
    return logits.masked_fill(probs.cumsum(-1) - probs >= p, INF)


def gathers_mask_back(logits, p):
    s, order, probs = _sorted(logits)
    return logits.masked_fill((probs.cumsum(-1) - probs >= p).gather(-1, order), INF)


def fills_zero(logits, p):
    s, order, probs = _sorted(logits)
    return logits.masked_fill(_unsort(probs.cumsum(-1) - probs >= p, order), 0.0)


def cumsum_of_logits(logits, p):
    s, order, probs = _sorted(logits)
    return logits.masked_fill(_unsort(s.cumsum(-1) - s >= p, order), INF)


def exp_without_max(logits, p):
    s, order, _ = _sorted(logits)
    probs = s.exp() / s.exp().sum(-1, keepdim=True)
    return logits.masked_fill(_unsort(probs.cumsum(-1) - probs >= p, order), INF)


# ---- top_p_sample, graded statistically --------------------------------------------------------
# Each statistical check draws N samples per distribution from a generator with a fixed seed, so
# one implementation always gets the same verdict. A count c of a token with nucleus probability
# q (0 < q < 1) fails when min(P[X <= c], P[X >= c]) < ALPHA / (2m), X ~ Binomial(N, q), computed
# exactly, m = the number of tokens tested in that check: by the union bound a correct sampler
# fails a check with probability at most ALPHA = 1e-6. A token with q = 0 must never be drawn.

ALPHA = 1e-6
N_SAMPLES = 1000     # per distribution; small enough that a loop over rows stays within the call limit


def sample_counts(module, logits, p, temperature, seed):
    """logits (R, V): N_SAMPLES draws per row, in one call on logits expanded to (N, R, V)."""
    batch = logits.expand(N_SAMPLES, *logits.shape).clone()
    out = module.top_p_sample(batch, p, temperature=temperature, generator=torch.Generator().manual_seed(seed))
    if not isinstance(out, torch.Tensor) or out.shape != batch.shape[:-1] or out.dtype != torch.long:
        raise Fail(f"top_p_sample(logits {tuple(batch.shape)}) should return a long tensor of shape "
                   f"{tuple(batch.shape[:-1])}, got {describe(out)}")
    if ((out < 0) | (out >= logits.shape[-1])).any():
        raise Fail(f"top_p_sample returned ids outside [0, {logits.shape[-1]}): {out.flatten()[:6].tolist()}")
    return counts_of(out.reshape(N_SAMPLES, -1), logits.shape[-1])


def describe(out) -> str:
    if isinstance(out, torch.Tensor):
        return f"{tuple(out.shape)} {str(out.dtype).removeprefix('torch.')}"
    return type(out).__name__


def judge(counts, expected, alternatives: dict, what: str) -> None:
    """Fail with what differed and, when the counts fit a known mistake's distribution, its name."""
    problem = disagreement(counts, expected, ALPHA, "is outside the nucleus")
    if not problem:
        return
    likely = next((name for name, dist in alternatives.items() if not disagreement(counts, dist)), "")
    raise Fail(f"{what}: {problem}" + (f" — likely cause: {likely}" if likely else ""))


def sample_shape_and_dtype(module):
    logits = seeded(10, 3, 4, 7)
    kept = logits.clone()
    for shape, gen in [((3, 4, 7), torch.Generator().manual_seed(0)), ((7,), torch.Generator().manual_seed(1)),
                       ((3, 4, 7), None)]:
        x = logits.reshape(-1)[:7] if shape == (7,) else logits
        out = module.top_p_sample(x, 0.9, generator=gen)
        call = f"top_p_sample(logits {shape}, p=0.9{', generator=None' if gen is None else ''})"
        if not isinstance(out, torch.Tensor) or out.shape != torch.Size(shape[:-1]) or out.dtype != torch.long:
            raise Fail(f"{call} should return a long tensor of shape {shape[:-1]} (one token id per row), "
                       f"got {describe(out)}")
        if ((out < 0) | (out >= 7)).any():
            raise Fail(f"{call} returned ids outside [0, 7): {out.flatten()[:6].tolist()}")
    if not torch.equal(logits, kept):
        raise Fail("top_p_sample modified `logits` in place; inputs must be left as they were")


# Nucleus membership: 32 random rows, 50 draws each.
NUCLEUS_LOGITS = seeded(12, 32, 10, scale=2.0)
NUCLEUS_P = clear_of_boundaries(NUCLEUS_LOGITS, 0.7)


def sample_stays_in_nucleus(module):
    batch = NUCLEUS_LOGITS.expand(50, 32, 10)
    out = module.top_p_sample(batch, NUCLEUS_P, generator=torch.Generator().manual_seed(3))
    if not isinstance(out, torch.Tensor) or out.shape != (50, 32):
        raise Fail(f"top_p_sample(logits (50, 32, 10)) should return shape (50, 32), got {describe(out)}")
    inside = nucleus_probs(NUCLEUS_LOGITS, NUCLEUS_P) > 0                     # (32, 10)
    drawn_outside = ~inside.gather(-1, out.T.long().clamp(0, 9)) | (out.T < 0) | (out.T > 9)   # (32 rows, 50 draws)
    if drawn_outside.any():
        r, i = drawn_outside.nonzero()[0].tolist()
        t = int(out[i, r])
        raise Fail(f"top_p_sample(p={NUCLEUS_P}) drew token {t} for row {r}, which is outside that row's nucleus "
                   f"(kept: {inside[r].nonzero().flatten().tolist()})")


def log_probs(*probs):
    return torch.tensor(probs).log()


# Frequencies at p=0.7: row 0 keeps 3 tokens, the third crossing p (mass before it 0.62, after
# 0.76); row 1 is flat and keeps 5; row 2 keeps 2. No mass before a token is within 0.05 of p.
FREQ_LOGITS = torch.stack([log_probs(0.06, 0.22, 0.02, 0.40, 0.10, 0.04, 0.14, 0.02),
                           log_probs(0.16, 0.13, 0.20, 0.09, 0.15, 0.11, 0.06, 0.10),
                           log_probs(0.03, 0.65, 0.08, 0.02, 0.12, 0.05, 0.03, 0.02)])
FREQ_P = 0.7


def sample_frequencies(module):
    counts = sample_counts(module, FREQ_LOGITS, FREQ_P, 1.0, seed=4)
    probs = torch.softmax(FREQ_LOGITS.double(), -1)
    nucleus = nucleus_probs(FREQ_LOGITS, FREQ_P)
    uniform = (nucleus > 0).double() / (nucleus > 0).sum(-1, keepdim=True)
    alternatives = {
        "the token that crosses p is dropped (keep a token while the mass BEFORE it is < p)":
            nucleus_probs(FREQ_LOGITS, FREQ_P, crossing_kept=False),
        "always the most likely token (that is greedy decoding, not sampling)":
            torch.nn.functional.one_hot(probs.argmax(-1), 8).double(),
        "uniform over the kept tokens (weight them by their probabilities)": uniform,
        "sampling from the unfiltered softmax (the nucleus is not applied)": probs,
    }
    judge(counts, nucleus, alternatives, f"top_p_sample(p={FREQ_P}) frequencies over {N_SAMPLES} draws")


# Temperature: at T=1 the nucleus of p=0.85 is 3 tokens; at T=2 it is 4, at T=0.5 it is 2.
TEMP_LOGITS = log_probs(0.10, 0.04, 0.50, 0.06, 0.30)[None]
TEMP_P = 0.85


def sample_temperature(module):
    for t in (2.0, 0.5):
        counts = sample_counts(module, TEMP_LOGITS, TEMP_P, t, seed=5)
        alternatives = {
            "temperature ignored": nucleus_probs(TEMP_LOGITS, TEMP_P),
            "temperature applied after filtering (divide the logits by it first)":
                torch.softmax(nucleus_probs(TEMP_LOGITS, TEMP_P).log() / t, -1),
            "logits multiplied by the temperature instead of divided": nucleus_probs(TEMP_LOGITS * t, TEMP_P),
        }
        judge(counts, nucleus_probs(TEMP_LOGITS / t, TEMP_P), alternatives,
              f"top_p_sample(p={TEMP_P}, temperature={t:g}) over {N_SAMPLES} draws")


def sample_uses_generator(module):
    logits = seeded(16, 500, 10)
    state = torch.get_rng_state()
    try:
        torch.manual_seed(1)
        a = module.top_p_sample(logits, 0.95, generator=torch.Generator().manual_seed(7))
        torch.manual_seed(2)
        b = module.top_p_sample(logits, 0.95, generator=torch.Generator().manual_seed(7))
        c = module.top_p_sample(logits, 0.95, generator=torch.Generator().manual_seed(8))
    finally:
        torch.set_rng_state(state)
    if not torch.equal(a, b):
        raise Fail("two calls with generators seeded alike gave different samples: draw all randomness from "
                   "`generator` (torch.multinomial(probs, 1, generator=generator)), not from torch's global RNG")
    if torch.equal(a, c):
        raise Fail("generators seeded differently gave the same 500 samples: the draws do not come from `generator`")


DRILL = Drill(
    entry="top_p_filter",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, -1.0, 2.0, 0.5]), 0.8), label="the prompt's example"),
        Case(args=(seeded(1, 4, 6), clear_of_boundaries(seeded(1, 4, 6), 0.5)), label="4 rows"),
        Case(args=(seeded(2, 2, 3, 5, scale=2.0), clear_of_boundaries(seeded(2, 2, 3, 5, scale=2.0), 0.6)),
             scale=2.0, label="two leading dims"),
        Case(args=(seeded(3, 3, 5), 1.0), label="p = 1 keeps every token"),
        Case(args=(seeded(4, 3, 7), 0.01), label="tiny p keeps only the top token"),
        Case(args=(seeded(5, 2, 1), 0.5), label="vocabulary of 1"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0, 999.0], [-500.0, 500.0, 499.0, 0.0]]), 0.2),
             scale=1e3, label="logits near ±1000"),
        Case(args=(seeded(6, 8, 16, scale=100.0), clear_of_boundaries(seeded(6, 8, 16, scale=100.0), 0.9)),
             scale=100.0, label="nearly one-hot rows"),
        Case(args=(peaked_long_rows(), clear_of_boundaries(peaked_long_rows(), 0.8, margin=0.01)),
             label="long rows (V = 50000)"),
    ],
    invariants=[
        Invariant("kept logits unchanged, the rest -inf", logit_or_minus_inf),
        Invariant("top token always kept", top_token_kept),
        Invariant("nucleus = the most likely tokens", keeps_most_likely),
        Invariant("rows filtered independently", rows_independent),
    ],
    custom=[
        Custom("top_p_sample: shape and dtype", sample_shape_and_dtype),
        Custom("top_p_sample: only nucleus tokens", sample_stays_in_nucleus),
        Custom("top_p_sample: frequencies", sample_frequencies),
        Custom("top_p_sample: temperature before filtering", sample_temperature),
        Custom("top_p_sample: generator", sample_uses_generator),
    ],
    mistakes=[
        Mistake("top-p that edits the logits in place", check="inputs unchanged"),
        Mistake("drops the token that crosses p (keeps only tokens whose cumulative mass including "
                "themselves is < p; the rule is on the mass BEFORE the token)", like=drops_crossing_token),
        Mistake("drops the token that crosses p (keeps only tokens whose cumulative mass including "
                "themselves is < p; the rule is on the mass BEFORE the token)", like=drops_crossing_token_keeps_top),
        Mistake("probabilities computed without subtracting the max (exp overflows)", like=exp_without_max),
        Mistake("sorts ascending: sort descending so the most likely tokens come first", like=sorts_ascending),
        Mistake("forgets to map the mask back to vocabulary order (the result is in sorted order)",
                like=returns_sorted_order),
        Mistake("forgets to map the mask back to vocabulary order (a sorted-order mask applied to the "
                "unsorted logits)", like=mask_left_in_sorted_order),
        Mistake("maps the mask back with gather(order), which applies the permutation again instead of "
                "undoing it: scatter(-1, order, mask)", like=gathers_mask_back),
        Mistake("removed tokens set to 0 instead of -inf (0 is still a valid logit)", like=fills_zero),
        Mistake("cumulative sum of the logits instead of the probabilities", like=cumsum_of_logits),
    ],
    speed=lambda: Case(args=(seeded(8, 2048, 16), 0.9)),   # many short rows: a loop over rows is ~300x
    speed_limit=20.0,
)
