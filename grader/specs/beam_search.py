"""beam_search: one function over a model callable, graded on the tokens and score it returns.
Particular to it: toy language models drawn so that no decision (the top-k cut, the final choice)
is within 1e-3 of a tie, brute-force invariants (width 1 is greedy, a beam holding every candidate
is exhaustive, the score is the tokens' own), the model's calls counted (one per step, never more
than beam_width prefixes), and the mistakes of the length penalty, per-parent top-k, refilling,
stopping and the live hypotheses at the end, written as flags of one literal search."""
import heapq
import math
from functools import partial

from hypothesis import strategies as st

import torch
from grader.engine.compare import describe_value
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake

META = dict(title="Beam search", zh="束搜索", topic="decoding", difficulty="hard", minutes=25,
            oracle="brute-force enumeration")
HINTS = [
    "Keep the live beam as (tokens, score) pairs (or a (n, t) LongTensor and a (n,) score tensor) and a "
    "separate list of finished hypotheses. All live hypotheses have the same length, so they stack into (n, t).",
    "Each step: logp = step_logprobs(prefixes) is (n, V); candidate scores are score[:, None] + logp. Take "
    "the beam_width best of ALL n·V candidates (flatten, then topk; parent = idx // V, token = idx % V).",
    "Kept candidates ending in eos go to `finished` and leave the beam: the beam is simply smaller next step. "
    "Stop when it is empty or after max_new_tokens steps, then add the live ones to `finished`.",
    "Normalise each finished score by n_new ** length_penalty with n_new = len(tokens) - 1 (bos excluded, eos "
    "included) and return the best tokens with that normalised score.",
]

MARGIN = 1e-3     # drawn models keep every decision (top-k cut, final choice) at least this far from a tie


class ToyLM:
    """A small deterministic language model: the next-token log-probs (float32) depend on the whole
    prefix, recent tokens weighing more. It checks how it is called, so a wrong call reads clearly."""

    def __init__(self, vocab: int, seed: int, bos: int, eos: int, eos_bias: float = 0.0, sharpness: float = 2.0):
        g = torch.Generator().manual_seed(seed)
        self.bos, self.calls = bos, []
        self.emb = torch.randn(vocab, 8, generator=g)
        self.out = torch.randn(8, vocab, generator=g) * sharpness
        self.bias = torch.zeros(vocab)
        self.bias[eos] = eos_bias
        self.__name__ = f"toy_lm(V={vocab}, seed={seed}{f', eos_bias={eos_bias:g}' if eos_bias else ''})"

    def __call__(self, prefixes):
        if not isinstance(prefixes, torch.Tensor) or prefixes.dtype != torch.long or prefixes.dim() != 2:
            raise TypeError(f"step_logprobs takes a LongTensor (n, t) of prefixes, got {describe_value(prefixes)}")
        if prefixes.shape[1] == 0 or (prefixes[:, 0] != self.bos).any():
            raise ValueError(f"every prefix given to step_logprobs must start with bos={self.bos}, "
                             f"got {prefixes[:, :1].flatten().tolist()}")
        self.calls.append(tuple(prefixes.shape))
        t = prefixes.shape[1]
        decay = 0.7 ** torch.arange(t - 1, -1, -1, dtype=torch.float32)       # (t,) recent tokens weigh more
        h = torch.tanh((self.emb[prefixes] * decay[:, None]).sum(1))           # (n, 8)
        return torch.log_softmax(h @ self.out + self.bias, dim=-1)             # (n, V)


class TableLM:
    """The prompt's example: log-probs looked up by prefix (uniform for any prefix not in the table)."""

    def __init__(self, table: dict, vocab: int, name: str):
        self.table, self.vocab, self.__name__ = table, vocab, name
        self.calls = []

    def __call__(self, prefixes):
        self.calls.append(tuple(prefixes.shape))
        rows = [self.table.get(tuple(r), [math.log(1 / self.vocab)] * self.vocab) for r in prefixes.tolist()]
        return torch.tensor(rows)


# ---- the catalogue's semantics, written literally in Python; its flags make the classic mistakes --------

def literal_beam(step, bos, eos, beam_width, max_new_tokens, length_penalty=1.0, *, refill=False,
                 per_parent=False, finished_stay=False, extra_steps=0, live_at_end=True, count_bos=False,
                 count_eos=True, raw_score=False, gaps=None):
    live, finished = [([bos], 0.0)], []
    for _ in range(max_new_tokens + extra_steps):
        logp = step(torch.tensor([tokens for tokens, _ in live])).double().tolist()
        if len(live) * len(logp[0]) > 100_000:
            raise RuntimeError("the beam exploded")     # per_parent grows it beam_width-fold each step
        # candidates as (score, parent, token); only the kept ones are built into token lists
        children = [[(score + lp, i, v) for v, lp in enumerate(row)] for i, ((_, score), row) in enumerate(zip(live, logp))]
        if per_parent:
            chosen = [c for kids in children for c in heapq.nlargest(beam_width, kids)]
        else:
            # each parent has one eos child, so the 2·beam_width + 1 best are enough even to refill
            cands = heapq.nlargest(2 * beam_width + 1, (c for kids in children for c in kids))
            if gaps is not None and len(cands) > beam_width:
                gaps.append(cands[beam_width - 1][0] - cands[beam_width][0])
            if refill:
                finished += [(live[i][0] + [v], sc) for sc, i, v in cands[:beam_width] if v == eos]
                cands = [c for c in cands if c[2] != eos]
            chosen = cands[:beam_width]
        kept = [(live[i][0] + [v], sc) for sc, i, v in chosen]
        finished += [c for c in kept if c[0][-1] == eos]
        live = kept if finished_stay else [c for c in kept if c[0][-1] != eos]
        if not live:
            break
    if live_at_end:
        finished += live

    def normalised(hyp):
        n = len(hyp[0]) - 1 + count_bos - (not count_eos and hyp[0][-1] == eos)
        return hyp[1] / max(n, 1) ** length_penalty
    if gaps is not None and len(finished) > 1:
        ranked = sorted(map(normalised, finished), reverse=True)
        gaps.append(ranked[0] - ranked[1])
    best = max(finished, key=normalised)       # raises when nothing finished (live_at_end=False)
    return best[0], best[1] if raw_score else normalised(best)


def decision_margin(lm, bos, eos, beam_width, max_new_tokens, length_penalty=1.0) -> float:
    gaps = []
    literal_beam(lm, bos, eos, beam_width, max_new_tokens, length_penalty, gaps=gaps)
    return min(gaps, default=math.inf)


def robust_lm(vocab, seed, bos, eos, beam_width, max_new_tokens, length_penalty=1.0, **kw) -> ToyLM:
    """The first ToyLM from `seed` on whose search no decision is within MARGIN of a tie, so float
    rounding (float32 sums, another order of additions) cannot change the answer."""
    for s in range(seed, seed + 200):
        lm = ToyLM(vocab, s, bos, eos, **kw)
        if decision_margin(lm, bos, eos, beam_width, max_new_tokens, length_penalty) >= MARGIN:
            return lm
    raise ValueError("no robust model found")


def make_case(vocab, seed, bos, eos, beam_width, max_new_tokens, length_penalty=None, label="", **kw) -> Case:
    lp = 1.0 if length_penalty is None else length_penalty
    lm = robust_lm(vocab, seed, bos, eos, beam_width, max_new_tokens, lp, **kw)
    kwargs = {} if length_penalty is None else {"length_penalty": length_penalty}
    return Case(args=(lm, bos, eos, beam_width, max_new_tokens), kwargs=kwargs, label=label)


def inputs(draw) -> Case:
    vocab = draw(st.integers(2, 6))
    bos = draw(st.integers(0, vocab - 1))
    eos = (bos + draw(st.integers(1, vocab - 1))) % vocab
    return make_case(vocab, draw(st.integers(0, 2**20)), bos, eos,
                     beam_width=draw(st.integers(1, 4)), max_new_tokens=draw(st.integers(1, 6)),
                     length_penalty=draw(st.sampled_from([None, 0.0, 0.5, 1.0, 2.0])),
                     eos_bias=draw(st.sampled_from([-3.0, 0.0, 1.0, 2.5])))


PROMPT_MODEL = TableLM({(0,): [-3.0, -0.6, -0.9], (0, 1): [-2.3, -1.4, -0.4]}, 3, "the prompt's model")


class Tokens:
    """A token list compared as one value, so that a different answer reads as the two lists
    (compare.py would report a list of another length as a shape error)."""

    def __init__(self, ids):
        self.ids = list(ids)

    def __eq__(self, other):
        return isinstance(other, Tokens) and self.ids == other.ids

    def __repr__(self):
        return repr([int(t) if isinstance(t, torch.Tensor) else t for t in self.ids])


def tokens_as_one_value(impl, case, ns):
    out = impl(*case.args, **case.kwargs)
    if isinstance(out, (tuple, list)) and len(out) == 2 and isinstance(out[0], (list, tuple, torch.Tensor)):
        return Tokens(out[0]), out[1]
    return out


# ---- invariants: brute-force oracles that need no reference ---------------------------------------

def _unpack(case):
    lm, bos, eos, width, steps = case.args
    return lm, bos, eos, width, steps, case.kwargs.get("length_penalty", 1.0)


def _result(call, case):
    out = call(case)
    if not (isinstance(out, (tuple, list)) and len(out) == 2 and isinstance(out[0], Tokens)):
        raise Fail(f"expected (tokens: list[int], score: float), got {describe_value(out)}")
    return out[0].ids, out[1]


def _same(got, want, what):
    tokens, score = got
    if tokens != want[0] or not math.isclose(float(score), want[1], rel_tol=1e-4, abs_tol=1e-4):
        raise Fail(f"{what} gives {want[0]} with score {want[1]:.5g}; got {tokens} with score {float(score):.5g}")


def greedy_is_width_one(call, case):
    lm, bos, eos, _, steps, lp = _unpack(case)
    if not isinstance(lm, ToyLM):
        return
    tokens, total = [bos], 0.0
    for _ in range(steps):
        logp = lm(torch.tensor([tokens]))[0].double()
        top2 = logp.topk(min(2, len(logp))).values
        if len(top2) > 1 and top2[0] - top2[1] < MARGIN:
            return                               # a near tie: greedy itself is not well defined
        tokens.append(int(logp.argmax()))
        total += logp.max().item()
        if tokens[-1] == eos:
            break
    want = (tokens, total / (len(tokens) - 1) ** lp)
    _same(_result(call, Case(args=(lm, bos, eos, 1, steps), kwargs=case.kwargs)), want,
          "with beam_width=1 beam search is greedy decoding, which")


def exhaustive_search(lm, bos, eos, steps, lp):
    """Every complete hypothesis: stopped at its first eos, or max_new_tokens long."""
    found, stack = [], [([bos], 0.0)]
    while stack:
        tokens, score = stack.pop()
        if len(tokens) > 1 and (tokens[-1] == eos or len(tokens) - 1 == steps):
            found.append((tokens, score / (len(tokens) - 1) ** lp))
            continue
        for v, l in enumerate(lm(torch.tensor([tokens]))[0].double().tolist()):
            stack.append((tokens + [v], score + l))
    return sorted(found, key=lambda h: -h[1])


def wide_beam_is_exhaustive(call, case):
    lm, bos, eos, _, steps, lp = _unpack(case)
    vocab = lm.emb.shape[0] if isinstance(lm, ToyLM) else 0
    if not vocab or vocab ** steps > 300:
        return
    ranked = exhaustive_search(lm, bos, eos, steps, lp)
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < MARGIN:
        return
    _same(_result(call, Case(args=(lm, bos, eos, vocab ** steps, steps), kwargs=case.kwargs)), ranked[0],
          f"a beam of {vocab ** steps} (every candidate kept) must find the best of all hypotheses; "
          f"enumerating them all")


def well_formed(call, case):
    _, bos, eos, _, steps, _ = _unpack(case)
    tokens, score = _result(call, case)
    if not all(type(t) is int for t in tokens):
        raise Fail(f"tokens should be Python ints (use .tolist()), got {[type(t).__name__ for t in tokens[:3]]}")
    if not isinstance(score, float):
        raise Fail(f"score should be a Python float (use .item()), got {type(score).__name__}")
    if not tokens or tokens[0] != bos:
        raise Fail(f"tokens {tokens} should start with bos={bos}")
    if not 1 <= len(tokens) - 1 <= steps:
        raise Fail(f"tokens {tokens} have {len(tokens) - 1} new tokens; max_new_tokens={steps} allows 1 to {steps}")
    if eos in tokens[1:-1]:
        raise Fail(f"tokens {tokens} go on after eos={eos}: a hypothesis ending in eos is finished")


def score_of_tokens(call, case):
    lm, bos, eos, _, steps, lp = _unpack(case)
    tokens, score = _result(call, case)
    if len(tokens) < 2 or tokens[0] != bos:
        return
    total = sum(lm(torch.tensor([tokens[:i]]))[0, tokens[i]].item() for i in range(1, len(tokens)))
    want = total / (len(tokens) - 1) ** lp
    if not math.isclose(float(score), want, rel_tol=1e-4, abs_tol=1e-4):
        raise Fail(f"the score returned, {float(score):.5g}, is not the tokens' summed log-prob {total:.5g} / "
                   f"n_new ** length_penalty = {want:.5g} (n_new = {len(tokens) - 1}: the tokens after bos, "
                   f"eos included)")


# ---- the model's calls, counted --------------------------------------------------------------

PER_HYPOTHESIS = Mistake("step_logprobs called once per hypothesis: call it once per step with the live beam "
                         "stacked as (n, t)")
RUNS_PAST = "runs past max_new_tokens"


def one_call_per_step(call, case):
    """Step s calls the model once, on the live prefixes of s tokens (bos included), at most
    beam_width of them."""
    lm, _, _, width, steps, _ = _unpack(case)
    before = len(lm.calls)
    call(case)
    calls = lm.calls[before:]                    # (n, t) of each call
    lengths = [t for _, t in calls]
    repeated = next((t for t in lengths if lengths.count(t) > 1), None)
    if repeated is not None:
        raise Fail(f"step_logprobs was called {lengths.count(repeated)} times on prefixes of {repeated} tokens "
                   f"(shapes {calls[:4]}{'...' * (len(calls) > 4)}): call it once per step with all live "
                   f"hypotheses stacked as (n, t)", mistake=PER_HYPOTHESIS.name)
    if lengths and max(lengths) > steps:
        raise Fail(f"step_logprobs was called on prefixes of {max(lengths)} tokens: with max_new_tokens={steps} the "
                   f"last step extends prefixes of {steps} tokens (bos and {steps - 1} new)", mistake=RUNS_PAST)
    wide = [c for c in calls if c[0] > width]
    if wide:
        raise Fail(f"step_logprobs was called with {wide[0][0]} prefixes: the beam holds at most "
                   f"beam_width={width} live hypotheses (finished ones leave it; keep the global top beam_width)")


DRILL = Drill(entries=[Entry(
    "beam_search",
    inputs=inputs,
    examples=[
        Case(args=(PROMPT_MODEL, 0, 2, 2, 2), label="the prompt's example"),
        Case(args=(PROMPT_MODEL, 0, 2, 2, 2), kwargs={"length_penalty": 0.0}, label="the prompt's example, no penalty"),
        make_case(5, 1, 0, 4, 1, 5, label="beam_width = 1 (greedy)"),
        make_case(5, 2, 1, 3, 3, 5, eos_bias=8.0, label="eos likely: the best ends at step 1"),
        make_case(5, 3, 0, 1, 3, 4, eos_bias=-30.0, label="eos never chosen: all live at the end"),
        make_case(3, 4, 2, 0, 8, 4, label="beam wider than the vocabulary"),
        make_case(6, 5, 0, 5, 2, 1, label="max_new_tokens = 1"),
        make_case(3, 25, 0, 1, 2, 5, eos_bias=1.0, label="a hypothesis finishes early: the beam shrinks"),
        make_case(4, 14, 0, 1, 2, 4, eos_bias=2.0, label="the best hypothesis is not a best child of each parent"),
        make_case(4, 6, 0, 3, 2, 6, length_penalty=2.0, eos_bias=1.0, label="length_penalty = 2"),
        make_case(4, 7, 3, 0, 3, 6, length_penalty=0.0, eos_bias=1.0, label="length_penalty = 0"),
    ],
    extreme=[
        make_case(1000, 8, 0, 1, 3, 5, label="vocabulary of 1000"),
        make_case(6, 9, 0, 5, 3, 6, sharpness=60.0, label="peaked model (log-probs down to -100s)"),
    ],
    invariants=[
        Invariant("well-formed hypothesis", well_formed),
        Invariant("score = summed log-probs / n_new ** length_penalty", score_of_tokens),
        Invariant("beam_width=1 is greedy decoding", greedy_is_width_one),
        Invariant("a beam wider than all candidates finds the best hypothesis", wide_beam_is_exhaustive),
        Invariant("one model call per step", one_call_per_step),
    ],
    mistakes=[
        Mistake("length penalty counts bos (n_new counts only the tokens after bos)",
                like=partial(literal_beam, count_bos=True)),
        Mistake("length penalty excludes eos (n_new includes eos)", like=partial(literal_beam, count_eos=False)),
        Mistake("length penalty excludes eos (n_new includes eos, so [bos, eos] has n_new = 1)",
                error=r"division by zero"),
        Mistake("keeps each hypothesis' own top beam_width children instead of the global top beam_width",
                like=partial(literal_beam, per_parent=True)),
        Mistake("refills the beam after a hypothesis finishes (finished ones leave; the beam keeps the "
                "rest of the global top beam_width)", like=partial(literal_beam, refill=True)),
        Mistake(RUNS_PAST, like=partial(literal_beam, extra_steps=1)),
        Mistake("never treats the hypotheses still live after max_new_tokens as finished",
                like=partial(literal_beam, live_at_end=False)),
        Mistake("never treats the hypotheses still live after max_new_tokens as finished",
                error=r"max\(\) (arg is an empty sequence|iterable argument is empty)"),
        Mistake("finished hypotheses stay in the beam and keep being expanded past eos",
                like=partial(literal_beam, finished_stay=True)),
        Mistake("returns the raw summed log-prob instead of the length-normalised score",
                like=partial(literal_beam, raw_score=True)),
        PER_HYPOTHESIS,
    ],
    run=tokens_as_one_value,
    grad=False,
    device=False,      # plain Python over a model callable: no tensor of the learner's lives on a device
)])
