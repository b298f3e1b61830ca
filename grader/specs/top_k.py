"""top_k: a filter graded on values, and a sampler (temperature, then the filter, then the softmax)
graded statistically. Particular to it: k drawn beyond V (k >= V keeps every token), ties with the
k-th largest (all stay), already-removed tokens, the filter invariants shared with top_p from the
kit, and the mistakes around the k-th largest (off by one either way, ties dropped, the smallest
kept), 0 instead of -inf, and temperature."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(oracle="transformers' TopKLogitsWarper", title="Top-k filtering and sampling", zh="Top-k采样", topic="decoding", difficulty="easy", minutes=10)
HINTS = [
    "logits.topk(k, dim=-1).values is sorted in descending order: its last column is the k-th largest "
    "logit of each row. Keep it as (..., 1) so it broadcasts against the row.",
    "Remove the logits strictly below the k-th largest (logits < kth): the k-th itself and its ties stay. "
    "Clamp k to V first: topk cannot take more than V.",
    "logits.masked_fill(logits < kth, float('-inf')) returns a new tensor; logits[...] = -inf would edit "
    "the caller's logits.",
    "Sampling: probs = top_k_filter(logits / temperature, k).softmax(-1); flatten the leading dims, "
    "torch.multinomial(probs, 1, generator=generator), reshape to logits.shape[:-1].",
]

INF = float("-inf")


# ---- drawn inputs ------------------------------------------------------------------------------

def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    vocab = draw(st.integers(1, 12))
    k = draw(st.integers(1, vocab + 2))          # k >= V keeps every token
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    logits = randn(draw, *lead, vocab, scale=scale)
    if draw(st.booleans()):                      # ties: values rounded to a coarse grid
        logits = (logits / scale * 2).round() * scale / 2
    return Case(args=(logits, k), scale=scale)


# ---- invariants (no reference needed) ----------------------------------------------------------

def k_kept(call, case):
    logits, out = kit.filtered(call, case)
    k = case.args[1]
    ordered = logits.sort(-1).values
    if (ordered[..., 1:] == ordered[..., :-1]).any() or torch.isinf(logits).any():
        return                                    # ties or -inf: more than k may stay
    counts = (out > INF).sum(-1)
    want = min(k, logits.shape[-1])
    bad = counts != want
    if bad.any():
        row = bad.nonzero()[0].tolist()
        where = f"row {row}" if row else "the row"
        raise Fail(f"{where} kept {int(counts[tuple(row)])} tokens with k={k} and V={logits.shape[-1]}; "
                   f"without ties exactly min(k, V) = {want} stay")


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


def top_k_filter(logits, k):
    """The filter done right, as a learner's file has it beside the sampler's mistakes below."""
    return logits.masked_fill(logits < _kth(logits, k), INF)


def drops_ties(logits, k):
    values, idx = logits.topk(min(k, logits.shape[-1]), dim=-1)
    return torch.full_like(logits, INF).scatter(-1, idx, values)


NO_CLAMP = Mistake("k larger than the vocabulary: clamp it, k >= V keeps every token",
                   error="selected index k out of range|out of range|too big")

# ---- sample, graded statistically ---------------------------------------------------------------

def top_k_probs(case: Case) -> torch.Tensor:
    """The exact distribution each row of a batched sampling case draws from: (R, V)."""
    logits, k = case.args[0][0], case.args[1]
    return torch.softmax(top_k_filter(logits.double() / case.kwargs.get("temperature", 1.0), k), -1)


# Row 0 is peaked, row 1 nearly flat, row 2 has one token above the rest: k = 3 of V = 8.
FREQ_LOGITS = torch.stack([kit.log_probs(0.06, 0.22, 0.02, 0.40, 0.10, 0.04, 0.14, 0.02),
                           kit.log_probs(0.16, 0.13, 0.20, 0.09, 0.15, 0.11, 0.06, 0.10),
                           kit.log_probs(0.03, 0.45, 0.08, 0.02, 0.17, 0.05, 0.18, 0.02)])
TEMP_LOGITS = kit.log_probs(0.10, 0.04, 0.50, 0.06, 0.30)[None]
# Three tokens tie at the 3rd largest: k = 3 keeps five.
TIED_LOGITS = kit.log_probs(0.30, 0.15, 0.05, 0.15, 0.20, 0.15)[None]
RANDOM_LOGITS = seeded(12, 12, 10, scale=2.0)


def sample_inputs(draw) -> Case:
    case = inputs(draw)
    t = draw(st.sampled_from([0.25, 0.5, 1.0, 2.0, 4.0]))
    return Case(args=case.args, kwargs={"temperature": t, "generator": kit.generator(draw)}, scale=case.scale)


def draws_kept_tokens(call, case):
    """Every id drawn is one the filter keeps: a logit >= the k-th largest of its row."""
    logits, k = case.args
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != logits.shape[:-1] or out.dtype != torch.long:
        raise Fail(f"expected a long tensor of shape {tuple(logits.shape[:-1])} (one id per row), got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}"
                   f"{' ' + str(out.dtype).removeprefix('torch.') if isinstance(out, torch.Tensor) else ''}")
    V = logits.shape[-1]
    if ((out < 0) | (out >= V)).any():
        raise Fail(f"drew ids outside [0, {V}): {out.flatten()[:6].tolist()}")
    kth = logits.topk(min(k, V), dim=-1).values[..., -1]
    drawn = logits.gather(-1, out[..., None]).squeeze(-1)
    bad = drawn < kth
    if bad.any():
        row = bad.nonzero()[0].tolist() if bad.dim() else []
        where = f"row {row}" if row else "the row"
        raise Fail(f"{where} drew token {out[tuple(row)].item()} with logit {drawn[tuple(row)].item():.4g}, below "
                   f"the k-th largest {kth[tuple(row)].item():.4g} (k={k}): only the k largest may be drawn")


FILTER = Entry(
    "top_k_filter",
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
        Case(args=(seeded(7, 2, 50000), 50), label="long rows (V = 50000)"),
    ],
    invariants=[
        kit.kept_or_minus_inf(),
        Invariant("min(k, V) tokens kept", k_kept),
        kit.keeps_most_likely("kept = the largest logits", "keep the LARGEST logits"),
        kit.rows_filtered_independently(),
    ],
    mistakes=[
        Mistake("top-k that edits the logits in place", check="inputs unchanged",
                hint="masked_fill (no underscore) returns a new tensor; masked_fill_ or logits[mask] = ... "
                     "change the caller's logits."),
        Mistake("the k-th largest logit is removed too (off by one: keep logits >= the k-th largest, "
                "remove only those < it)", like=excludes_kth),
        Mistake("keeps k + 1 tokens (off by one: the threshold is the k-th largest, index k - 1 of the "
                "descending sort)", like=keeps_k_plus_one),
        Mistake("keeps the k smallest logits instead of the k largest", like=keeps_smallest),
        Mistake("removed tokens set to 0 instead of -inf (0 is still a valid logit)", like=fills_zero),
        Mistake("keeps exactly k tokens when others tie with the k-th largest: keep every logit >= the "
                "k-th largest", like=drops_ties),
    ],
    loops=Loops(small=Case(args=(seeded(8, 3, 16), 5)), large=Case(args=(seeded(9, 11, 16), 5)), over="the rows"),
    # many short rows: a loop over rows costs 33-225x, correct variants 0.65-1.6x
    speed=Speed(lambda seed: Case(args=(seeded(seed, 2048, 32), 5)), limit=30.0),
)

SAMPLE = Entry(
    "sample",
    inputs=sample_inputs,
    examples=[
        Case(args=(torch.tensor([1.0, -1.0, 2.0, 0.5]), 2), kwargs={"generator": torch.Generator().manual_seed(0)},
             label="the prompt's example: a 0-d result"),
        Case(args=(seeded(10, 3, 4, 7), 3), kwargs={"temperature": 0.5, "generator": torch.Generator().manual_seed(1)},
             label="two leading dims"),
        Case(args=(seeded(11, 2, 7), 9), kwargs={"temperature": 2.0, "generator": torch.Generator().manual_seed(2)},
             label="k > V keeps every token"),
    ],
    extreme=[
        Case(args=(seeded(13, 4, 16, scale=1e4), 3), kwargs={"generator": torch.Generator().manual_seed(3)},
             scale=1e4, label="logits near ±1e4"),
        Case(args=(seeded(14, 2, 50000), 50),
             kwargs={"temperature": 0.5, "generator": torch.Generator().manual_seed(4)}, label="long rows (V = 50000)"),
    ],
    invariants=[Invariant("draws only among the k largest", draws_kept_tokens)],
    sampled=Sampled(cases=[
        kit.draws_of_rows(FREQ_LOGITS, 3, "k=3 of 8 tokens"),
        kit.draws_of_rows(TEMP_LOGITS, 3, "temperature 2 flattens the top 3", temperature=2.0),
        kit.draws_of_rows(TEMP_LOGITS, 3, "temperature 0.5 sharpens the top 3", temperature=0.5),
        kit.draws_of_rows(TIED_LOGITS, 3, "k=3 with three tokens tied at the 3rd largest: five stay"),
        kit.draws_of_rows(RANDOM_LOGITS, 4, "12 random rows, k=4", temperature=1.5),
    ], probs=top_k_probs),
    mistakes=[
        Mistake("always the most likely token (that is greedy decoding, not sampling)",
                like=kit.filter_sampler(top_k_filter, "greedy")),
        Mistake("uniform over the kept tokens (weight them by their probabilities)",
                like=kit.filter_sampler(top_k_filter, "uniform")),
        Mistake("sampling from the unfiltered softmax (top_k_filter is not applied)",
                like=kit.filter_sampler(lambda x, k: x)),
        Mistake("temperature ignored (or applied to the probabilities after the softmax, which renormalising "
                "undoes): divide the logits by it", like=kit.filter_sampler(top_k_filter, "temperature ignored")),
        Mistake("logits multiplied by the temperature instead of divided",
                like=kit.filter_sampler(top_k_filter, "temperature multiplied")),
    ] + [Mistake(k.name, like=kit.filter_sampler(k.like)) for k in FILTER.mistakes if k.like],   # the filter's own
    loops=Loops(small=Case(args=(seeded(15, 3, 16), 5), kwargs={"generator": torch.Generator().manual_seed(0)}),
                large=Case(args=(seeded(16, 11, 16), 5), kwargs={"generator": torch.Generator().manual_seed(0)}),
                over="the rows"),
)

DRILL = Drill(entries=[FILTER, SAMPLE], mistakes=[NO_CLAMP])
