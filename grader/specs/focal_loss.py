"""focal_loss: one function, binary focal loss on logits with torchvision's meaning. Particular to
it: alpha over [0, 1] and below 0 (no class weighting), gamma over [0, 5] (fractional ones too, whose
gradient is undefined where a prediction is exactly right: not graded there), each reduction and the
defaults, logits up to +-1e4, only the gradient into the logits graded, and the mistakes of where
alpha and gamma go, an unstable log(sigmoid), and an ignored reduction."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Focal loss", zh="焦点损失", topic="basics", difficulty="easy", minutes=10,
            oracle="the focal loss formula in float64 (Lin et al.)")
HINTS = [
    "Start from binary cross-entropy on the logits, made stable: log(sigmoid(x)) = F.logsigmoid(x) and "
    "log(1 - sigmoid(x)) = F.logsigmoid(-x) (or F.binary_cross_entropy_with_logits(..., reduction='none')).",
    "p_t = p·t + (1 - p)·(1 - t) is the probability of the true class; multiply the cross-entropy by "
    "(1 - p_t) ** gamma — 1 - p_t, not p: a confident correct prediction should count little.",
    "alpha weights the classes differently: alpha_t = alpha·t + (1 - alpha)·(1 - t), and only when "
    "alpha >= 0. Then reduce: mean, sum, or none.",
]

REDUCTIONS = ["mean", "sum", "none"]


def run(impl, case, ns):
    """The targets are labels: no gradient is graded through them."""
    logits, targets = case.args
    return impl(logits, targets.detach(), **case.kwargs)


def targets_for(draw, n):
    return (randn(draw, n) > 0).float()


ALPHAS = st.one_of(st.sampled_from([0.25, 0.5, 0.9, 0.0, 1.0, -1.0]), st.floats(0.0, 1.0), st.floats(-3.0, -0.01))
GAMMAS = st.one_of(st.sampled_from([2.0, 0.0, 0.5, 1.0, 1.5, 3.0]), st.floats(0.0, 5.0))


def inputs(draw) -> Case:
    n = draw(st.integers(1, 12))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0, 100.0, 1e4]))
    kwargs = {}
    for key, values in (("alpha", ALPHAS), ("gamma", GAMMAS), ("reduction", st.sampled_from(REDUCTIONS))):
        if draw(st.integers(0, 3)):                      # now and then left to its default
            kwargs[key] = draw(values)
    # the loss grows like |logit| on a wrong prediction
    return Case(args=(randn(draw, n, scale=scale), targets_for(draw, n)), kwargs=kwargs, scale=scale)


# ---- invariants (no reference needed) --------------------------------------------------------

def _none(call, case, **kwargs):
    """The reduction='none' losses, or None when they are not one per logit (the shape check says so)."""
    out = call(Case(args=case.args, kwargs=case.kwargs | {"reduction": "none"} | kwargs, scale=case.scale))
    if not isinstance(out, torch.Tensor) or out.shape != case.args[0].shape:
        return None
    return out.detach()


def non_negative(call, case):
    alpha = min(abs(case.kwargs.get("alpha", 0.25)), 1.0)      # a weighting alpha in [0, 1]
    out = _none(call, case, alpha=alpha)
    if out is not None and (out < -1e-6 * case.scale).any():
        raise Fail(f"with alpha={alpha:g} a loss is negative: {out.min().item():.4g}")


def reductions_agree(call, case):
    each = _none(call, case)
    if each is None:
        return
    for reduction, want in [("sum", each.sum()), ("mean", each.mean())]:
        got = call(Case(args=case.args, kwargs=case.kwargs | {"reduction": reduction}, scale=case.scale))
        if not isinstance(got, torch.Tensor) or got.shape != () or \
                not torch.allclose(got, want, rtol=1e-5, atol=1e-6 * case.scale, equal_nan=True):
            shown = f"{got.item():.6g}" if isinstance(got, torch.Tensor) and got.numel() == 1 else \
                (tuple(got.shape) if isinstance(got, torch.Tensor) else type(got).__name__)
            raise Fail(f"reduction='{reduction}' gave {shown}, but the {reduction} of the reduction='none' "
                       f"losses is {want.item():.6g} (expected a 0-d tensor)")


def bce_when_plain(call, case):
    logits, targets = case.args
    got = _none(call, case, alpha=-1.0, gamma=0.0)
    want = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    if got is not None and not torch.allclose(got, want, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"with gamma=0 and alpha=-1 (no weighting) the focal loss is binary cross-entropy: "
                   f"expected {want[:4].tolist()}, got {got[:4].tolist()}")


def elements_independent(call, case):
    logits, targets = case.args
    if logits.numel() < 2:
        return
    other = logits.clone()
    other[0] += 1.0
    a = _none(call, case)
    b = _none(call, Case(args=(other, targets), kwargs=case.kwargs, scale=case.scale))
    if a is None or b is None:
        return
    if not ((a[1:] == b[1:]) | (a[1:].isnan() & b[1:].isnan())).all():
        raise Fail("changing logits[0] changed the loss of other elements (reduction='none'): each "
                   "element's loss depends on its own logit only")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def _reduce(loss, reduction):
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def _parts(logits, targets):
    p = torch.sigmoid(logits)
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    return p, ce, p * targets + (1 - p) * (1 - targets)


def _alpha_t(alpha, targets):
    return alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0


def alpha_same_for_both(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce((alpha if alpha >= 0 else 1.0) * (1 - p_t) ** gamma * ce, reduction)


def alpha_swapped(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce(_alpha_t(1 - alpha, targets) * (1 - p_t) ** gamma * ce if alpha >= 0 else
                   (1 - p_t) ** gamma * ce, reduction)


def alpha_always(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce((alpha * targets + (1 - alpha) * (1 - targets)) * (1 - p_t) ** gamma * ce, reduction)


def gamma_on_p_t(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce(_alpha_t(alpha, targets) * p_t ** gamma * ce, reduction)


def gamma_on_p(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce(_alpha_t(alpha, targets) * (1 - p) ** gamma * ce, reduction)


def gamma_on_raw_p(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce(_alpha_t(alpha, targets) * p ** gamma * ce, reduction)


def log_of_sigmoid(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits)
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    return _reduce(_alpha_t(alpha, targets) * (1 - p_t) ** gamma * ce, reduction)


def log_of_clamped_sigmoid(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits).clamp(1e-7, 1 - 1e-7)
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    return _reduce(_alpha_t(alpha, targets) * (1 - p_t) ** gamma * ce, reduction)


def always_mean(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return (_alpha_t(alpha, targets) * (1 - p_t) ** gamma * ce).mean()


def no_modulation(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce(_alpha_t(alpha, targets) * ce, reduction)


UNSTABLE = ("log(sigmoid(x)) is unstable: sigmoid underflows to 0 (or rounds to 1) at large |x| and the log "
            "gives -inf, or a clamp gives a wrong finite value; use F.logsigmoid(x) / F.logsigmoid(-x) or "
            "F.binary_cross_entropy_with_logits")
PROMPT_LOGITS, PROMPT_TARGETS = torch.tensor([2.0, -1.0, 0.5, -3.0]), torch.tensor([1.0, 0.0, 0.0, 1.0])

DRILL = Drill(entries=[Entry(
    "focal_loss",
    inputs=inputs,
    run=run,
    examples=[
        Case(args=(PROMPT_LOGITS, PROMPT_TARGETS), label="the prompt's example"),
        Case(args=(PROMPT_LOGITS, PROMPT_TARGETS), kwargs=dict(reduction="none"), label="reduction='none'"),
        Case(args=(seeded(1, 9, scale=2.0), torch.tensor([1.0, 1, 0, 0, 1, 0, 0, 0, 1])),
             kwargs=dict(alpha=0.5, gamma=0.0, reduction="sum"), scale=2.0, label="gamma=0, sum"),
        Case(args=(seeded(2, 7, scale=2.0), torch.tensor([0.0, 1, 0, 1, 1, 0, 1])),
             kwargs=dict(alpha=-1.0, gamma=1.0, reduction="none"), scale=2.0, label="alpha < 0: no weighting"),
        Case(args=(seeded(3, 6), torch.zeros(6)), kwargs=dict(alpha=0.75, gamma=3.0, reduction="none"),
             label="all negatives"),
        Case(args=(seeded(4, 5, scale=3.0), torch.ones(5)), kwargs=dict(alpha=0.6, gamma=0.5, reduction="none"),
             scale=3.0, label="all positives, gamma=0.5"),
        Case(args=(torch.tensor([-0.7]), torch.tensor([1.0])), label="one element"),
    ],
    extreme=[
        Case(args=(torch.tensor([-200.0, 200.0, 150.0, -150.0, 30.0, -30.0]),
                   torch.tensor([1.0, 0.0, 1.0, 0.0, 0.0, 1.0])), kwargs=dict(reduction="none"), scale=200.0,
             label="logits ±200, confidently wrong and right"),
        Case(args=(seeded(5, 64, scale=1e4), (seeded(6, 64) > 0).float()), kwargs=dict(reduction="sum"),
             scale=1e4, label="logits near ±1e4"),
        Case(args=(seeded(7, 32, scale=1e4), (seeded(8, 32) > 0).float()),
             kwargs=dict(alpha=-1.0, gamma=0.5, reduction="none"), scale=1e4,
             label="logits near ±1e4, gamma=0.5, no weighting"),
    ],
    invariants=[
        Invariant("non-negative", non_negative),
        Invariant("reductions agree", reductions_agree),
        Invariant("gamma=0, alpha<0 is binary cross-entropy", bce_when_plain),
        Invariant("elements independent", elements_independent),
    ],
    mistakes=[
        Mistake("alpha applied to both classes the same way: alpha_t = alpha for positives, 1 - alpha for "
                "negatives", like=alpha_same_for_both),
        Mistake("alpha and 1 - alpha swapped: alpha weights the positives (t = 1)", like=alpha_swapped),
        Mistake("alpha < 0 should switch the class weighting off (alpha_t = 1)", like=alpha_always),
        Mistake("gamma on p_t instead of 1 - p_t: the factor is (1 - p_t) ** gamma", like=gamma_on_p_t),
        Mistake("gamma on 1 - p instead of 1 - p_t: for negatives the true-class probability is 1 - p",
                like=gamma_on_p),
        Mistake("gamma on p instead of 1 - p_t", like=gamma_on_raw_p),
        Mistake(UNSTABLE, like=log_of_sigmoid,
                hint="log(sigmoid(x)) = -softplus(-x) = F.logsigmoid(x), and log(1 - sigmoid(x)) = F.logsigmoid(-x): "
                     "both exact at any |x|."),
        Mistake(UNSTABLE, like=log_of_clamped_sigmoid),
        Mistake("`reduction` ignored (always the mean)", like=always_mean),
        Mistake("the modulating factor (1 - p_t) ** gamma is missing", like=no_modulation),
    ],
    loops=Loops(small=Case(args=(seeded(9, 4, scale=3.0), torch.tensor([1.0, 0, 0, 1]))),
                large=Case(args=(seeded(10, 12, scale=3.0), torch.tensor([1.0, 0, 0, 1] * 3))),
                over="the elements"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 2048, scale=3.0), (seeded(seed + 1, 2048) > 0).float()),
                                  kwargs=dict(reduction="none")), limit=30.0),
)])
