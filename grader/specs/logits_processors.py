"""logits_processors: four functions of (logits (B, V), input_ids (B, T)) graded on values. Particular
to it: token ids drawn from a few of the V ids so that tokens and n-grams repeat; logits with exact
zeros (the repetition penalty's sign rule); min_p in (0, 1) kept clear of every probability ratio to
the top token, where float rounding would decide (min_p = 1 is left out of the prompt for that
reason: the top token's own ratio is the threshold); sequences shorter than n; invariants that no
row reads another's ids; and the mistakes of once-per-token against once-per-occurrence, the sign
rule, min-p's relative threshold and the n-gram's length."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake

META = dict(oracle="transformers' RepetitionPenaltyLogitsProcessor, MinPLogitsWarper and NoRepeatNGramLogitsProcessor; "
                   "the presence and frequency penalties' closed form",
            title="Logits processors: penalties, min-p, no-repeat n-grams", zh="重复惩罚与采样过滤",
            topic="decoding", difficulty="medium", minutes=25)
HINTS = [
    "repetition_penalty: seen = logits.gather(1, input_ids) is (B, T), a token seen twice gathered twice; "
    "torch.where(seen > 0, seen / penalty, seen * penalty); logits.scatter(1, input_ids, seen) writes each seen "
    "token once (duplicates write the same value).",
    "presence_frequency_penalty: counts = torch.zeros_like(logits).scatter_add(1, input_ids, ones) is (B, V); "
    "subtract frequency_penalty * counts and presence_penalty * (counts > 0).",
    "min_p_filter: probs = softmax(logits); remove where probs < min_p * probs.amax(-1, keepdim=True): the "
    "threshold is relative to the top token, so the top token always stays.",
    "no_repeat_ngram: grams = input_ids.unfold(1, n, 1) is (B, T - n + 1, n), every n-gram; a gram matches when "
    "its first n - 1 tokens equal input_ids[:, T - n + 1:]; forbid the last token of every match. If T < n, "
    "return a copy.",
]

INF = float("-inf")


# ---- drawn inputs ------------------------------------------------------------------------------

def token_ids(draw, B: int, T: int, V: int) -> torch.Tensor:
    """(B, T) ids drawn from a few of the V ids, so that tokens and n-grams repeat."""
    alphabet = draw(st.integers(1, min(V, 4))) if draw(st.booleans()) else V
    ids = torch.randint(alphabet, (B, T), generator=kit.generator(draw))
    return ids if alphabet == V else torch.randperm(V, generator=kit.generator(draw))[ids]


def logits_and_ids(draw, max_T: int = 10):
    B, V, T = draw(st.integers(1, 4)), draw(st.integers(2, 10)), draw(st.integers(1, max_T))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    logits = randn(draw, B, V, scale=scale)
    if draw(st.booleans()):                              # exact zeros and ties
        logits = (logits / scale * 2).round() * scale / 2
    return logits, token_ids(draw, B, T, V), scale


def repetition_inputs(draw) -> Case:
    logits, ids, scale = logits_and_ids(draw)
    return Case(args=(logits, ids, draw(st.sampled_from([0.5, 1.0, 1.2, 1.5, 2.0, 3.0]))), scale=scale)


def penalty_inputs(draw) -> Case:
    logits, ids, scale = logits_and_ids(draw)
    kwargs = {}
    if draw(st.booleans()):
        kwargs["presence_penalty"] = draw(st.sampled_from([0.5, 1.0, 2.0, -0.5]))
    if draw(st.booleans()):
        kwargs["frequency_penalty"] = draw(st.sampled_from([0.25, 0.5, 1.0, -0.3]))
    return Case(args=(logits, ids), kwargs=kwargs, scale=scale)


def clear_min_p(logits: torch.Tensor, min_p: float, margin: float = 1e-3) -> float:
    """min_p moved as little as possible so that no token's log(p / p_max) below 0 lies within
    `margin` of log(min_p): there float rounding cannot decide whether a token stays."""
    gaps = (logits.double() - logits.double().amax(-1, keepdim=True)).flatten()
    edges = sorted({g for g in gaps.tolist() if -60 < g < 0})
    target, best = math.log(min_p), None
    for lo, hi in zip([-60.0] + edges, edges + [0.0]):
        if hi - lo > 4 * margin:
            q = min(max(target, lo + 2 * margin), hi - 2 * margin)
            best = q if best is None or abs(q - target) < abs(best - target) else best
    return round(math.exp(best), 6)


def min_p_inputs(draw) -> Case:
    B, V = draw(st.integers(1, 4)), draw(st.integers(1, 12))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    logits = randn(draw, B, V, scale=scale)
    min_p = draw(st.sampled_from([0.01, 0.05, 0.1, 0.2, 0.5, 0.9, 0.99]))
    return Case(args=(logits, clear_min_p(logits, min_p)), scale=scale)


def ngram_inputs(draw) -> Case:
    logits, ids, scale = logits_and_ids(draw, max_T=12)
    return Case(args=(logits, ids, draw(st.integers(1, 5))), scale=scale)


# ---- invariants (no reference needed) ----------------------------------------------------------

def _output(call, case) -> torch.Tensor:
    logits = case.args[0]
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != logits.shape:
        raise Fail(f"expected a tensor of the logits' shape {tuple(logits.shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out.detach().cpu()


def rows_independent(call, case):
    """Changing row 0's logits and ids leaves every other row's output exactly as it was."""
    logits, ids = case.args[:2]
    if logits.shape[0] < 2:
        return
    logits2, ids2 = logits.clone(), ids.clone()
    logits2[0], ids2[0] = -2 * logits2[0] + 1, (ids2[0] + 1) % logits.shape[1]
    a = _output(call, case)
    b = _output(call, Case(args=(logits2, ids2, *case.args[2:]), kwargs=case.kwargs, scale=case.scale))
    if not torch.equal(a[1:], b[1:]):
        raise Fail("changing the logits and the ids of row 0 changed the output of other rows: each sequence is "
                   "penalised by its own tokens")


def unseen_unchanged(ngram: bool = False, mistake: str = ""):
    """Tokens that do not appear in a row keep their logits exactly; ngram: the message of the
    n-gram blocker (a changed token is one wrongly forbidden), else of a penalty."""
    def check(call, case):
        logits, ids = case.args[:2]
        out = _output(call, case)
        seen = torch.zeros(logits.shape, dtype=torch.bool).scatter(1, ids.cpu(), True)
        bad = ~seen & (out != logits.cpu())
        if bad.any():
            b, t = bad.nonzero()[0].tolist()
            before, after = logits[b, t].item(), out[b, t].item()
            if ngram:
                raise Fail(f"token {t} was changed in row {b}, which never contains it: only a token that "
                           f"completes an n-gram already in the row is forbidden", mistake=mistake)
            raise Fail(f"token {t} does not appear in row {b} of input_ids, yet its logit changed from "
                       f"{before:.4g} to {after:.4g}: only the tokens seen are penalised", mistake=mistake)
    return check


def top_token_kept(call, case):
    logits = case.args[0]
    out = _output(call, case)
    lost = torch.isinf(out.gather(-1, logits.cpu().argmax(-1, keepdim=True))).squeeze(-1)
    if lost.any():
        raise Fail(f"the most likely token of row {int(lost.nonzero()[0])} was removed: its probability is the "
                   f"largest, so it is >= min_p times the largest and always stays")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def repetition(rule="sign", vocabulary=False, per_occurrence=False):
    """repetition_penalty with one classic mistake switched on."""
    def repetition_penalty(logits, input_ids, penalty):
        def penalised(x):
            return {"sign": torch.where(x > 0, x / penalty, x * penalty), "divide": x / penalty,
                    "multiply": x * penalty, "reversed": torch.where(x > 0, x * penalty, x / penalty)}[rule]
        if vocabulary:
            return penalised(logits)
        if per_occurrence:                                  # one step per occurrence: penalty ** count
            out = logits.clone()
            for t in range(input_ids.shape[1]):
                col = input_ids[:, t:t + 1]
                out = out.scatter(1, col, penalised(out.gather(1, col)))
            return out
        return logits.scatter(1, input_ids, penalised(logits.gather(1, input_ids)))
    return repetition_penalty


def penalties(presence="once", frequency="per occurrence", sign=-1):
    """presence_frequency_penalty with one classic mistake switched on."""
    def presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0):
        counts = torch.zeros_like(logits).scatter_add(1, input_ids, torch.ones_like(input_ids, dtype=logits.dtype))
        once = (counts > 0).to(logits.dtype)
        p = presence_penalty * (once if presence == "once" else counts)
        f = frequency_penalty * (counts if frequency == "per occurrence" else once)
        if presence == "swapped":
            p, f = presence_penalty * counts, frequency_penalty * once
        return logits + sign * (p + f)
    return presence_frequency_penalty


def min_p_like(threshold="relative", fill=INF, stable=True):
    """min_p_filter with one classic mistake switched on."""
    def min_p_filter(logits, min_p):
        if stable:
            probs = torch.softmax(logits, dim=-1)
        else:
            probs = logits.exp() / logits.exp().sum(-1, keepdim=True)
        limit = min_p * probs.amax(-1, keepdim=True) if threshold == "relative" else torch.full_like(probs, min_p)
        return logits.masked_fill(probs < limit, fill)
    return min_p_filter


def ngram(shift=0, last_excluded=False, guarded=True):
    """no_repeat_ngram with one classic mistake switched on: n-grams of n + shift tokens, the n-gram
    ending at the last token left out, or no case for rows shorter than n."""
    def no_repeat_ngram(logits, input_ids, n):
        n = max(1, n + shift)
        B, T = input_ids.shape
        if guarded and T < n:
            return logits.clone()
        grams = (input_ids[:, :-1] if last_excluded else input_ids).unfold(1, n, 1)
        hit = (grams[:, :, :n - 1] == input_ids[:, T - n + 1:][:, None, :]).all(-1)
        hits = torch.zeros_like(logits).scatter_add(1, grams[:, :, -1], hit.to(logits.dtype))
        return logits.masked_fill(hits > 0, INF)
    return no_repeat_ngram


WHOLE_VOCABULARY = "the penalty applied to every token of the vocabulary: only the tokens seen in the row are penalised"
PER_OCCURRENCE = ("the repetition penalty applied once per occurrence (penalty ** count): a token seen three times is "
                  "still divided (or multiplied) by the penalty once")
NGRAM_OFF_BY_ONE = ("n-gram off by one: the prefix to match is the row's last n - 1 tokens, and the token after it "
                    "makes the n-gram")

UNSEEN_UNCHANGED = Invariant("unseen tokens unchanged", unseen_unchanged(mistake=WHOLE_VOCABULARY), live=False)
ONLY_SEEN_FORBIDDEN = Invariant("only tokens of the row forbidden", unseen_unchanged(ngram=True), live=False)

REPETITION = Entry(
    "repetition_penalty",
    inputs=repetition_inputs,
    examples=[
        Case(args=(torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]]), torch.tensor([[0, 1, 0, 4]]), 2.0),
             label="the prompt's example"),
        Case(args=(seeded(1, 3, 8, scale=2.0), torch.tensor([[1, 1, 1, 1], [2, 5, 2, 7], [0, 3, 6, 3]]), 1.5),
             scale=2.0, label="a token seen four times"),
        Case(args=(torch.tensor([[0.0, 1.0, -1.0, 0.0], [3.0, 0.0, -3.0, 2.0]]), torch.tensor([[0, 2, 3], [1, 2, 2]]),
                   1.3), label="zero logits stay zero"),
        Case(args=(seeded(2, 2, 6), torch.tensor([[0, 1, 2, 3, 4, 5], [5, 5, 5, 5, 5, 5]]), 0.5),
             label="penalty < 1 makes seen tokens more likely"),
        Case(args=(seeded(3, 2, 5), torch.tensor([[3], [0]]), 1.0), label="penalty 1 changes nothing"),
    ],
    extreme=[Case(args=(seeded(4, 4, 50000, scale=3.0), torch.randint(50000, (4, 64),
                                                                      generator=torch.Generator().manual_seed(5)), 1.2),
                  scale=3.0, label="V = 50000, 64 tokens so far"),
             Case(args=(seeded(24, 4, 1000), torch.randint(1000, (4, 2000), generator=torch.Generator().manual_seed(8)),
                        1.3), label="2000 tokens so far, V = 1000")],
    invariants=[Invariant("rows independent", rows_independent, live=False),
                UNSEEN_UNCHANGED],
    mistakes=[
        Mistake("every seen logit divided by the penalty: a negative logit then moves towards 0 and the token gets "
                "MORE likely; multiply the negative ones", like=repetition(rule="divide"),
                hint="Dividing -2 by 2 gives -1, a larger logit. For a negative logit the penalty multiplies: "
                     "torch.where(x > 0, x / penalty, x * penalty)."),
        Mistake("every seen logit multiplied by the penalty: a positive logit then grows and the token gets MORE "
                "likely; divide the positive ones", like=repetition(rule="multiply")),
        Mistake("sign rule reversed: a positive logit is divided by the penalty, a negative one multiplied",
                like=repetition(rule="reversed")),
        Mistake(WHOLE_VOCABULARY, like=repetition(vocabulary=True)),
        Mistake(PER_OCCURRENCE, like=repetition(per_occurrence=True),
                hint="gather then scatter with input_ids writes each seen token once, whatever its count; a loop "
                     "over the positions that penalises again each time applies penalty ** count."),
        Mistake("the caller's logits changed in place (scatter_, masked_fill_, logits[...] = ...): make a new tensor",
                check="inputs unchanged"),
    ],
    grad=False,
    loops=Loops(small=Case(args=(seeded(6, 2, 16), torch.randint(16, (2, 6), generator=torch.Generator().manual_seed(1)), 1.5)),
                large=Case(args=(seeded(6, 9, 16), torch.randint(16, (9, 6), generator=torch.Generator().manual_seed(1)), 1.5)),
                over="the batch"),
)

PENALTIES = Entry(
    "presence_frequency_penalty",
    inputs=penalty_inputs,
    examples=[
        Case(args=(torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]]), torch.tensor([[0, 1, 0, 4]])),
             kwargs={"presence_penalty": 0.5, "frequency_penalty": 0.25}, label="the prompt's example"),
        Case(args=(seeded(7, 3, 6), torch.tensor([[1, 1, 1], [2, 4, 2], [0, 5, 3]])), kwargs={"presence_penalty": 1.0},
             label="presence only: paid once"),
        Case(args=(seeded(8, 3, 6), torch.tensor([[1, 1, 1], [2, 4, 2], [0, 5, 3]])), kwargs={"frequency_penalty": 0.5},
             label="frequency only: paid per occurrence"),
        Case(args=(seeded(9, 2, 5), torch.tensor([[3, 3], [0, 1]]))),
        Case(args=(seeded(10, 2, 7), torch.tensor([[6, 6, 2, 6], [1, 0, 1, 0]])),
             kwargs={"presence_penalty": -0.5, "frequency_penalty": 0.3}, label="a negative presence penalty"),
    ],
    extreme=[Case(args=(seeded(11, 4, 50000), torch.randint(50000, (4, 64), generator=torch.Generator().manual_seed(6))),
                  kwargs={"presence_penalty": 0.4, "frequency_penalty": 0.2}, label="V = 50000, 64 tokens so far"),
             Case(args=(seeded(25, 4, 1000), torch.randint(1000, (4, 2000), generator=torch.Generator().manual_seed(9))),
                  kwargs={"frequency_penalty": 0.1}, label="2000 tokens so far, V = 1000")],
    invariants=[Invariant("rows independent", rows_independent, live=False),
                UNSEEN_UNCHANGED],
    mistakes=[
        Mistake("the presence penalty paid once per occurrence: it is paid once by every token that appears, "
                "however often (that is the frequency penalty's job)", like=penalties(presence="per occurrence")),
        Mistake("the frequency penalty paid once per token: it is multiplied by the token's count",
                like=penalties(frequency="once")),
        Mistake("presence and frequency penalties swapped", like=penalties(presence="swapped")),
        Mistake("penalties added to the logits instead of subtracted", like=penalties(sign=1)),
    ],
    grad=False,
    loops=Loops(small=Case(args=(seeded(12, 2, 16), torch.randint(16, (2, 6), generator=torch.Generator().manual_seed(2))),
                           kwargs={"presence_penalty": 0.5, "frequency_penalty": 0.5}),
                large=Case(args=(seeded(12, 9, 16), torch.randint(16, (9, 6), generator=torch.Generator().manual_seed(2))),
                           kwargs={"presence_penalty": 0.5, "frequency_penalty": 0.5}),
                over="the batch"),
)

MIN_P = Entry(
    "min_p_filter",
    inputs=min_p_inputs,
    examples=[
        Case(args=(torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]]), 0.3), label="the prompt's example"),
        Case(args=(seeded(13, 4, 8, scale=2.0), clear_min_p(seeded(13, 4, 8, scale=2.0), 0.1)), scale=2.0),
        Case(args=(seeded(14, 3, 6), clear_min_p(seeded(14, 3, 6), 0.99)), label="min_p near 1 keeps only the top token"),
        Case(args=(torch.tensor([[1.0, 1.0, 1.0, 1.0]]), 0.5), label="a flat row: every token stays"),
        Case(args=(torch.tensor([[0.1, 4.0, 0.2], [3.0, 3.0, -5.0]]), 0.2), label="two tokens tied at the top"),
        Case(args=(seeded(15, 2, 1), 0.5), label="vocabulary of 1"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0, 999.0], [-500.0, 500.0, 499.0, 0.0]]), 0.2), scale=1e3,
             label="logits near ±1000"),
        Case(args=(seeded(16, 2, 50000, scale=3.0), clear_min_p(seeded(16, 2, 50000, scale=3.0), 0.05)), scale=3.0,
             label="long rows (V = 50000)"),
    ],
    invariants=[kit.kept_or_minus_inf(), Invariant("top token always kept", top_token_kept, live=False),
                kit.keeps_most_likely("kept = the most likely tokens", "min-p keeps the tokens ABOVE a threshold"),
                kit.rows_filtered_independently()],
    mistakes=[
        Mistake("threshold min_p taken as an absolute probability: it is min_p times the row's largest probability",
                like=min_p_like(threshold="absolute"),
                hint="min_p scales with the model's confidence: threshold = min_p * probs.amax(-1, keepdim=True)."),
        Mistake("removed tokens set to 0 instead of -inf (0 is still a valid logit)", like=min_p_like(fill=0.0)),
        Mistake(kit.NO_MAX, like=min_p_like(stable=False)),
        Mistake("the caller's logits changed in place (masked_fill_ or logits[...] = ...): make a new tensor",
                check="inputs unchanged"),
    ],
    grad=False,
    loops=Loops(small=Case(args=(seeded(17, 2, 16), 0.1)), large=Case(args=(seeded(17, 9, 16), 0.1)), over="the batch"),
)

NGRAM = Entry(
    "no_repeat_ngram",
    inputs=ngram_inputs,
    examples=[
        Case(args=(torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]]), torch.tensor([[0, 3, 2, 4, 3, 1, 0, 3]]), 2),
             label="the prompt's example, n = 2"),
        Case(args=(torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]]), torch.tensor([[0, 3, 2, 4, 3, 1, 0, 3]]), 3),
             label="the prompt's example, n = 3"),
        Case(args=(seeded(18, 2, 4), torch.tensor([[1, 2, 1, 2], [0, 0, 0, 0]]), 2),
             label="the n-gram ending at the last token counts"),
        Case(args=(seeded(19, 2, 6), torch.tensor([[5, 1, 5], [2, 3, 4]]), 1), label="n = 1 forbids every token seen"),
        Case(args=(seeded(20, 2, 5), torch.tensor([[1, 2], [3, 3]]), 3), label="fewer tokens than n: nothing forbidden"),
        Case(args=(seeded(21, 3, 5), torch.tensor([[1, 2, 3, 1, 2], [1, 2, 3, 1, 4], [4, 4, 4, 4, 4]]), 3)),
        Case(args=(seeded(22, 1, 6), torch.tensor([[0, 1, 2, 3, 4, 5]]), 4), label="no n-gram repeats"),
    ],
    extreme=[Case(args=(seeded(23, 2, 50000), torch.randint(3, (2, 1500), generator=torch.Generator().manual_seed(7)), 3),
                  label="V = 50000, 1500 tokens of 3 ids")],
    invariants=[kit.kept_or_minus_inf(), Invariant("rows independent", rows_independent, live=False),
                ONLY_SEEN_FORBIDDEN],
    mistakes=[
        Mistake(NGRAM_OFF_BY_ONE, like=ngram(shift=1),
                hint="For n = 2 the prefix is the single last token: look for earlier places where it occurs and "
                     "forbid what came right after it."),
        Mistake(NGRAM_OFF_BY_ONE, like=ngram(shift=-1)),
        Mistake("the n-gram ending at the last token is left out: every n-gram of the row counts",
                like=ngram(last_excluded=True)),
        Mistake("fewer tokens than n not handled: with T < n no n-gram exists yet and nothing is forbidden",
                like=ngram(guarded=False), error=r"maximum size for tensor at dimension \d+ is \d+ but size is \d+"),
    ],
    grad=False,
)

DRILL = Drill(entries=[REPETITION, PENALTIES, MIN_P, NGRAM])
