"""top_p: a filter graded on values, and a sampler graded statistically. Particular to it: p is
kept clear of the cumulative masses (where float rounding would decide), the nucleus invariants
(kept logits unchanged, top token kept, the most likely tokens), and the mistakes around the
token that crosses p, sorting and unsorting, and temperature."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(oracle="transformers' TopPLogitsWarper", title="Nucleus (top-p) sampling", zh="核采样", topic="decoding", difficulty="medium", minutes=15)
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

def top_token_kept(call, case):
    logits, out = kit.filtered(call, case)
    lost = torch.isinf(out.gather(-1, logits.argmax(-1, keepdim=True))).squeeze(-1)
    if lost.any():
        raise Fail(f"the most likely token of row {lost.nonzero()[0].tolist()} was removed: the mass "
                   f"before it is 0 < p, so it is always kept")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _sorted(logits, descending=True):
    s, order = logits.sort(-1, descending=descending)
    return s, order, s.softmax(-1)


def _unsort(mask, order):
    return torch.zeros_like(mask).scatter(-1, order, mask)


def top_p_filter(logits, p):
    """The filter done right, as a learner's file has it beside the sampler's mistakes below."""
    s, order, probs = _sorted(logits)
    return logits.masked_fill(_unsort(probs.cumsum(-1) - probs >= p, order), INF)


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


# ---- top_p_sample, graded statistically ---------------------------------------------------------

def nucleus(case: Case) -> torch.Tensor:
    """The exact distribution each row of a batched sampling case draws from: (R, V)."""
    logits, p = case.args[0][0], case.args[1]
    t = case.kwargs.get("temperature", 1.0)
    return torch.softmax(top_p_filter(logits.double() / t, p), -1)


# Row 0 keeps 3 tokens at p=0.7, the third crossing p (mass before it 0.62, after 0.76); row 1 is
# flat and keeps 5; row 2 keeps 2. No mass before a token is within 0.05 of p.
FREQ_LOGITS = torch.stack([kit.log_probs(0.06, 0.22, 0.02, 0.40, 0.10, 0.04, 0.14, 0.02),
                           kit.log_probs(0.16, 0.13, 0.20, 0.09, 0.15, 0.11, 0.06, 0.10),
                           kit.log_probs(0.03, 0.65, 0.08, 0.02, 0.12, 0.05, 0.03, 0.02)])
# At T=1 the nucleus of p=0.85 is 3 tokens; at T=2 it is 4, at T=0.5 it is 2.
TEMP_LOGITS = kit.log_probs(0.10, 0.04, 0.50, 0.06, 0.30)[None]
NUCLEUS_LOGITS = seeded(12, 12, 10, scale=2.0)


def sample_inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    vocab = draw(st.integers(1, 12))
    logits = randn(draw, *lead, vocab, scale=draw(st.sampled_from([1.0, 3.0])))
    t = draw(st.sampled_from([0.5, 1.0, 2.0]))
    return Case(args=(logits, clear_of_boundaries(logits / t, draw(st.integers(1, 99)) / 100)),
                kwargs={"temperature": t, "generator": kit.generator(draw)})


DROPS_CROSSING = ("drops the token that crosses p (keeps only tokens whose cumulative mass including "
                  "themselves is < p; the rule is on the mass BEFORE the token)")
FILTER = Entry(
    "top_p_filter",
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
        kit.kept_or_minus_inf(),
        Invariant("top token always kept", top_token_kept),
        kit.keeps_most_likely("nucleus = the most likely tokens", "the nucleus is the most likely tokens (sort "
                              "descending, then map back to vocabulary order)"),
        kit.rows_filtered_independently(),
    ],
    mistakes=[
        Mistake("top-p that edits the logits in place", check="inputs unchanged",
                hint="masked_fill (no underscore) returns a new tensor; masked_fill_ or logits[mask] = ... "
                     "change the caller's logits."),
        Mistake(DROPS_CROSSING, like=drops_crossing_token,
                hint="Keep a token iff the mass BEFORE it is < p: before = cumsum - probs. The token whose "
                     "probability carries the total across p stays."),
        Mistake(DROPS_CROSSING, like=drops_crossing_token_keeps_top),
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
    loops=Loops(small=Case(args=(seeded(8, 3, 16), 0.9)), large=Case(args=(seeded(9, 11, 16), 0.9)),
                over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 2048, 16), 0.9)), limit=30.0),
)

SAMPLE = Entry(
    "top_p_sample",
    inputs=sample_inputs,
    examples=[
        Case(args=(torch.tensor([1.0, -1.0, 2.0, 0.5]), 0.8), kwargs={"generator": torch.Generator().manual_seed(0)},
             label="the prompt's example"),
        Case(args=(seeded(10, 3, 4, 7), 0.9), kwargs={"generator": torch.Generator().manual_seed(1)},
             label="two leading dims"),
        Case(args=(seeded(11, 7), 0.9), kwargs={"temperature": 2.0, "generator": torch.Generator().manual_seed(2)},
             label="one row: a 0-d result"),
    ],
    sampled=Sampled(cases=[
        kit.draws_of_rows(FREQ_LOGITS, 0.7, "p=0.7; row 0's third token crosses p"),
        kit.draws_of_rows(TEMP_LOGITS, 0.85, "temperature 2 widens the nucleus of p=0.85 to 4 tokens",
                          temperature=2.0),
        kit.draws_of_rows(TEMP_LOGITS, 0.85, "temperature 0.5 narrows it to 2 tokens", temperature=0.5),
        kit.draws_of_rows(NUCLEUS_LOGITS, clear_of_boundaries(NUCLEUS_LOGITS, 0.7), "12 random rows"),
    ], probs=nucleus),
    mistakes=[
        Mistake("always the most likely token (that is greedy decoding, not sampling)",
                like=kit.filter_sampler(top_p_filter, "greedy")),
        Mistake("uniform over the kept tokens (weight them by their probabilities)",
                like=kit.filter_sampler(top_p_filter, "uniform")),
        Mistake("sampling from the unfiltered softmax (the nucleus is not applied)",
                like=kit.filter_sampler(lambda x, p: x)),
        Mistake("temperature applied after filtering (divide the logits by it first)",
                like=kit.filter_sampler(top_p_filter, "temperature after"),
                hint="Divide the logits by the temperature BEFORE filtering: the temperature changes which "
                     "tokens make up the nucleus."),
        Mistake("temperature ignored", like=kit.filter_sampler(top_p_filter, "temperature ignored")),
    ] + [Mistake(k.name, like=kit.filter_sampler(k.like)) for k in FILTER.mistakes   # the filter's own, where
         if k.like and k.like is not exp_without_max],                                # moderate logits show them
    loops=Loops(small=Case(args=(seeded(13, 3, 16), 0.9), kwargs={"generator": torch.Generator().manual_seed(0)}),
                large=Case(args=(seeded(14, 11, 16), 0.9), kwargs={"generator": torch.Generator().manual_seed(0)}),
                over="the rows"),
)

DRILL = Drill(entries=[FILTER, SAMPLE])
