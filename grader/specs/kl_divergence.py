from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.kl_divergence import _log_softmax, kl_divergence

META = dict(title="KL divergence", zh="KL散度", topic="basics", difficulty="easy", minutes=10)
HINTS = [
    "KL(p ‖ q) = sum_c p_c (log p_c - log q_c), an expectation under p: the weights are p, the first "
    "argument.",
    "Work with log-probabilities: log_softmax(x) = x - logsumexp(x). Subtract the row max first: "
    "z = x - x.amax(-1, keepdim=True); log p = z - z.exp().sum(-1, keepdim=True).log().",
    "log(softmax(x)) is not the same in float32: a probability that underflows to 0 gives log(0) = -inf "
    "and 0 · -inf = NaN.",
    "log_p, log_q = ..., ...; return (log_p.exp() * (log_p - log_q)).sum(-1)",
]


def inputs(draw) -> Case:
    n, c = draw(st.integers(1, 6)), draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    p = randn(draw, n, c, scale=scale)
    if draw(st.booleans()):
        q = p + randn(draw, n, c, scale=0.1)           # q close to p: a small divergence
    else:
        q = randn(draw, n, c, scale=scale)
    # KL grows like the spread of the logits
    return Case(args=(p, q), scale=scale)


# ---- invariants (no reference needed) --------------------------------------------------------

def _per_row(call, case):
    out = call(case)
    n = case.args[0].shape[0]
    if not isinstance(out, torch.Tensor) or out.shape != (n,):
        shape = tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__
        raise Fail(f"expected one divergence per row, shape ({n},), got {shape}")
    return out


def zero_for_equal(call, case):
    p = case.args[0]
    out = _per_row(call, Case(args=(p, p + 5.0), scale=case.scale))   # the same distribution, shifted logits
    if not (out.abs() <= 1e-4 * case.scale).all():
        raise Fail(f"KL(p ‖ p) should be 0 (q_logits = p_logits + 5, the same distribution), got "
                   f"{out.flatten()[:4].tolist()}")


def non_negative(call, case):
    out = _per_row(call, case)
    if (out < -1e-5 * case.scale).any():
        raise Fail(f"a divergence is negative: {out.min().item():.4g}; KL(p ‖ q) >= 0 (weight by p, "
                   f"the first argument)")


def shift_invariant(call, case):
    p, q = case.args
    shift = torch.arange(p.shape[0], dtype=p.dtype)[:, None] * 7.0 - 10.0   # a constant per row
    a, b = _per_row(call, case), _per_row(call, Case(args=(p + shift, q - 2 * shift), scale=case.scale))
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
    if not torch.equal(a[1:], b[1:]):
        raise Fail("changing row 0 of p_logits changed the result of other rows: each row is a "
                   "divergence of its own")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def swapped(p_logits, q_logits):
    return kl_divergence(q_logits, p_logits)


def no_max_subtraction(p_logits, q_logits):
    log_p = p_logits - p_logits.exp().sum(-1, keepdim=True).log()
    log_q = q_logits - q_logits.exp().sum(-1, keepdim=True).log()
    return (log_p.exp() * (log_p - log_q)).sum(-1)


def _softmax(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def log_of_softmax(p_logits, q_logits):
    p, q = _softmax(p_logits), _softmax(q_logits)
    return (p * (p.log() - q.log())).sum(-1)


def cross_entropy(p_logits, q_logits):
    return -(_log_softmax(p_logits).exp() * _log_softmax(q_logits)).sum(-1)


def mean_over_classes(p_logits, q_logits):
    log_p, log_q = _log_softmax(p_logits), _log_softmax(q_logits)
    return (log_p.exp() * (log_p - log_q)).mean(-1)


def batch_mean(p_logits, q_logits):
    return kl_divergence(p_logits, q_logits).mean()


def softmax_over_rows(p_logits, q_logits):
    log_p, log_q = _log_softmax(p_logits.T).T, _log_softmax(q_logits.T).T
    return (log_p.exp() * (log_p - log_q)).sum(-1)


def unweighted(p_logits, q_logits):
    return (_log_softmax(p_logits) - _log_softmax(q_logits)).sum(-1)


DRILL = Drill(
    entry="kl_divergence",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]]), torch.tensor([[0.0, 0.0, 0.0], [0.5, 0.5, -1.0]])),
             label="the prompt's example"),
        Case(args=(seeded(1, 5, 7), seeded(2, 5, 7)), label="5 rows of 7 classes"),
        Case(args=(seeded(3, 4, 2, scale=3.0), seeded(4, 4, 2, scale=3.0)), scale=3.0, label="two classes"),
        Case(args=(seeded(5, 3, 1), seeded(6, 3, 1)), label="one class: KL is 0"),
        Case(args=(seeded(7, 1, 6), seeded(7, 1, 6)), label="p == q"),
    ],
    extreme=[
        Case(args=(1000.0 + seeded(8, 4, 9, scale=3.0), 1000.0 + seeded(9, 4, 9, scale=3.0)), scale=10.0,
             label="logits near 1000"),
        Case(args=(torch.tensor([[80.0, -150.0, 0.0, 20.0], [-150.0, 80.0, 70.0, 75.0]]),
                   torch.tensor([[-150.0, 80.0, 60.0, 0.0], [60.0, 80.0, -150.0, 79.0]])), scale=100.0,
             label="probabilities that underflow to 0"),
        Case(args=(seeded(10, 4, 9, scale=1e4), seeded(11, 4, 9, scale=1e4)), scale=1e4, label="logits near ±1e4"),
        Case(args=(seeded(12, 2, 50000), seeded(13, 2, 50000)), label="long rows (C = 50000)"),
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
        Mistake("log-softmax without subtracting the max (exp overflows)", like=no_max_subtraction),
        Mistake("log(softmax(x)) instead of log-softmax: probabilities that underflow to 0 give log(0) = -inf "
                "(and 0 · -inf = NaN); use x - logsumexp(x)", like=log_of_softmax),
        Mistake("cross-entropy -sum p log q, not KL: the entropy term sum p log p is missing", like=cross_entropy),
        Mistake("mean over the classes instead of the sum", like=mean_over_classes),
        Mistake("reduced over the rows: return one divergence per row, shape (N,)", like=batch_mean),
        Mistake("softmax over the rows (dim 0) instead of the classes (dim -1)", like=softmax_over_rows),
        Mistake("log p - log q summed without the weights p", like=unweighted),
    ],
    banned=["torch.nn.functional.kl_div", "torch.kl_div", "torch.nn.KLDivLoss"],
    speed=lambda: Case(args=(seeded(14, 1024, 32), seeded(15, 1024, 32))),
    speed_limit=30.0,
)
