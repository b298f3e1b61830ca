"""kl_divergence: one function, KL(p || q) per row of two (N, C) logit tensors. Particular to it:
gradients into both arguments, logits up to 1e4 of either sign (each tensor centred on its own, so
p may sit near +1e3 while q sits near -1e3), rows whose probabilities underflow to 0, the invariants
KL(p || p) = 0, KL >= 0 and a per-row shift changes nothing, and the mistakes of direction, log of
softmax, no max, cross-entropy instead of KL, and the wrong reduction or axis."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="KL divergence", zh="KL散度", topic="basics", difficulty="easy", minutes=10,
            oracle="F.kl_div")
HINTS = [
    "KL(p ‖ q) = sum_c p_c (log p_c - log q_c), an expectation under p: the weights are p, the first "
    "argument.",
    "Work with log-probabilities: log_softmax(x) = x - logsumexp(x). Subtract the row max first: "
    "z = x - x.amax(-1, keepdim=True); log p = z - z.exp().sum(-1, keepdim=True).log().",
    "log(softmax(x)) is not the same in float32: a probability that underflows to 0 gives log(0) = -inf "
    "and 0 · -inf = NaN.",
    "log_p, log_q = ..., ...; return (log_p.exp() * (log_p - log_q)).sum(-1)",
]

CENTRES = [0.0, 0.0, 0.0, 1e3, -1e3, 1e4, -1e4]


def inputs(draw) -> Case:
    n, c = draw(st.integers(1, 6)), draw(st.integers(1, 8))
    centre_p, centre_q = draw(st.sampled_from(CENTRES)), draw(st.sampled_from(CENTRES))
    wide = centre_p == 0 and centre_q == 0
    spread = draw(st.sampled_from([1.0, 3.0, 10.0] + ([100.0, 1e4] if wide else [])))
    p = randn(draw, n, c, scale=spread)
    if draw(st.booleans()):
        q = p + randn(draw, n, c, scale=0.1)           # q close to p: a small divergence
    else:
        q = randn(draw, n, c, scale=spread)
    # KL grows like the spread of the logits; float32 rounding like their size
    return Case(args=(p + centre_p, q + centre_q), scale=max(spread, abs(centre_p), abs(centre_q)))


# ---- invariants (no reference needed) --------------------------------------------------------

def _per_row(call, case):
    """The output, or None when it is not one divergence per row (the shape check says so)."""
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != case.args[0].shape[:1]:
        return None
    return out.detach()


def zero_for_equal(call, case):
    p = case.args[0]
    out = _per_row(call, Case(args=(p, p + 5.0), scale=case.scale))   # the same distribution, shifted logits
    if out is not None and not (out.abs() <= 1e-4 * case.scale).all():
        raise Fail(f"KL(p ‖ p) should be 0 (q_logits = p_logits + 5, the same distribution), got "
                   f"{out.flatten()[:4].tolist()}")


def non_negative(call, case):
    out = _per_row(call, case)
    if out is not None and (out < -1e-5 * case.scale).any():
        raise Fail(f"a divergence is negative: {out.min().item():.4g}; KL(p ‖ q) >= 0 (weight by p, "
                   f"the first argument)")


def shift_invariant(call, case):
    p, q = case.args
    shift = torch.arange(p.shape[0], dtype=p.dtype)[:, None] * 7.0 - 10.0   # a constant per row
    a, b = _per_row(call, case), _per_row(call, Case(args=(p + shift, q - 2 * shift), scale=case.scale))
    if a is None or b is None:
        return
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-4 * case.scale):
        raise Fail(f"adding a constant to each row's logits changed the result by {(a - b).abs().max().item():.2g}:"
                   f" softmax ignores such a shift, so KL must too")


def rows_independent(call, case):
    p, q = case.args
    if p.shape[0] < 2:
        return
    other = p.clone()
    other[0] = -other[0]
    a, b = _per_row(call, case), _per_row(call, Case(args=(other, q), scale=case.scale))
    if a is None or b is None:
        return
    if not ((a[1:] == b[1:]) | (a[1:].isnan() & b[1:].isnan())).all():
        raise Fail("changing row 0 of p_logits changed the result of other rows: each row is a "
                   "divergence of its own")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def log_softmax(x, dim=-1):
    z = x - x.amax(dim, keepdim=True)
    return z - z.exp().sum(dim, keepdim=True).log()


def softmax(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def swapped(p_logits, q_logits):
    log_p, log_q = log_softmax(p_logits), log_softmax(q_logits)
    return (log_q.exp() * (log_q - log_p)).sum(-1)


def no_max_subtraction(p_logits, q_logits):
    log_p = p_logits - p_logits.exp().sum(-1, keepdim=True).log()
    log_q = q_logits - q_logits.exp().sum(-1, keepdim=True).log()
    return (log_p.exp() * (log_p - log_q)).sum(-1)


def log_of_softmax(p_logits, q_logits):
    p, q = softmax(p_logits), softmax(q_logits)
    return (p * (p.log() - q.log())).sum(-1)


def log_of_ratio(p_logits, q_logits):
    p, q = softmax(p_logits), softmax(q_logits)
    return (p * (p / q).log()).sum(-1)


def cross_entropy(p_logits, q_logits):
    return -(softmax(p_logits) * log_softmax(q_logits)).sum(-1)


def mean_over_classes(p_logits, q_logits):
    log_p, log_q = log_softmax(p_logits), log_softmax(q_logits)
    return (log_p.exp() * (log_p - log_q)).mean(-1)


def batch_mean(p_logits, q_logits):
    log_p, log_q = log_softmax(p_logits), log_softmax(q_logits)
    return (log_p.exp() * (log_p - log_q)).sum(-1).mean()


def softmax_over_rows(p_logits, q_logits):
    log_p, log_q = log_softmax(p_logits, 0), log_softmax(q_logits, 0)
    return (log_p.exp() * (log_p - log_q)).sum(-1)


def unweighted(p_logits, q_logits):
    return (log_softmax(p_logits) - log_softmax(q_logits)).sum(-1)


LOG_OF_SOFTMAX = ("log(softmax(x)) instead of log-softmax: probabilities that underflow to 0 give log(0) = -inf "
                  "(and 0 · -inf = NaN); use x - logsumexp(x)")

DRILL = Drill(entries=[Entry(
    "kl_divergence",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]]),
                   torch.tensor([[0.0, 0.0, 0.0], [0.5, 0.5, -1.0]])), label="the prompt's example"),
        Case(args=(seeded(1, 5, 7), seeded(2, 5, 7)), label="5 rows of 7 classes"),
        Case(args=(seeded(3, 4, 2, scale=3.0), seeded(4, 4, 2, scale=3.0)), scale=3.0, label="two classes"),
        Case(args=(seeded(5, 3, 1), seeded(6, 3, 1)), label="one class: KL is 0"),
        Case(args=(seeded(7, 1, 6), seeded(7, 1, 6)), label="p == q"),
    ],
    extreme=[
        Case(args=(1000.0 + seeded(8, 4, 9, scale=3.0), 1000.0 + seeded(9, 4, 9, scale=3.0)), scale=1e3,
             label="logits near +1000: exp overflows"),
        Case(args=(-1000.0 + seeded(10, 4, 9, scale=3.0), -1000.0 + seeded(11, 4, 9, scale=3.0)), scale=1e3,
             label="logits near -1000: exp underflows"),
        Case(args=(1000.0 + seeded(12, 3, 6, scale=3.0), -1000.0 + seeded(13, 3, 6, scale=3.0)), scale=1e3,
             label="p_logits near +1000, q_logits near -1000"),
        Case(args=(torch.tensor([[80.0, -150.0, 0.0, 20.0], [-150.0, 80.0, 70.0, 75.0]]),
                   torch.tensor([[-150.0, 80.0, 60.0, 0.0], [60.0, 80.0, -150.0, 79.0]])), scale=100.0,
             label="probabilities that underflow to 0"),
        Case(args=(seeded(14, 4, 9, scale=1e4), seeded(15, 4, 9, scale=1e4)), scale=1e4, label="logits near ±1e4"),
        # sum p log p and sum p log q are each about -log C = -11 here: their float32 rounding is graded
        Case(args=(seeded(16, 2, 50000), seeded(17, 2, 50000)), scale=10.0, label="long rows (C = 50000)"),
    ],
    invariants=[
        Invariant("KL(p ‖ p) = 0", zero_for_equal),
        Invariant("non-negative", non_negative),
        Invariant("shift invariance", shift_invariant),
        Invariant("rows independent", rows_independent),
    ],
    mistakes=[
        Mistake("direction swapped: computed KL(q ‖ p); the expectation is under p, the first argument",
                like=swapped),
        Mistake("log-softmax without subtracting the max: exp overflows to inf for large logits and underflows "
                "to 0 (log(0) = -inf) when a row's logits are all very negative", like=no_max_subtraction),
        Mistake(LOG_OF_SOFTMAX, like=log_of_softmax,
                hint="Stay in log space: log p = z - log(sum(exp(z))) with z = x - max, finite wherever x is."),
        Mistake(LOG_OF_SOFTMAX, like=log_of_ratio),
        Mistake("cross-entropy -sum p log q, not KL: the entropy term sum p log p is missing", like=cross_entropy),
        Mistake("mean over the classes instead of the sum", like=mean_over_classes),
        Mistake("reduced over the rows: return one divergence per row, shape (N,)", like=batch_mean),
        Mistake("softmax over the rows (dim 0) instead of the classes (dim -1)", like=softmax_over_rows),
        Mistake("log p - log q summed without the weights p", like=unweighted),
    ],
    loops=Loops(small=Case(args=(seeded(18, 3, 8), seeded(19, 3, 8))),
                large=Case(args=(seeded(20, 9, 8), seeded(21, 9, 8))), over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 1024, 32), seeded(seed + 1, 1024, 32))), limit=30.0),
)], banned=["torch.nn.functional.kl_div", "torch.kl_div", "torch.nn.KLDivLoss"])
