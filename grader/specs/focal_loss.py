from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.focal_loss import focal_loss

META = dict(title="Focal loss", zh="焦点损失", topic="basics", difficulty="easy", minutes=10)
HINTS = [
    "Start from binary cross-entropy on the logits, made stable: log(sigmoid(x)) = F.logsigmoid(x) and "
    "log(1 - sigmoid(x)) = F.logsigmoid(-x) (or F.binary_cross_entropy_with_logits(..., reduction='none')).",
    "p_t = p·t + (1 - p)·(1 - t) is the probability of the true class; multiply the cross-entropy by "
    "(1 - p_t) ** gamma — 1 - p_t, not p: a confident correct prediction should count little.",
    "alpha weights the classes differently: alpha_t = alpha·t + (1 - alpha)·(1 - t), and only when "
    "alpha >= 0. Then reduce: mean, sum, or none.",
]

REDUCTIONS = ["mean", "sum", "none"]


def run(impl, case):
    """The targets are labels: no gradient is graded through them."""
    logits, targets = case.args
    return impl(logits, targets.detach(), **case.kwargs)


def targets_for(draw, n):
    return (randn(draw, n) > 0).float()


def inputs(draw) -> Case:
    n = draw(st.integers(1, 12))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    kwargs = dict(alpha=draw(st.sampled_from([0.25, 0.5, 0.9, 0.0, -1.0])),
                  gamma=draw(st.sampled_from([2.0, 0.0, 1.0, 1.5, 3.0])),
                  reduction=draw(st.sampled_from(REDUCTIONS)))
    # the loss grows like |logit| on a wrong prediction
    return Case(args=(randn(draw, n, scale=scale), targets_for(draw, n)), kwargs=kwargs, scale=scale)


# ---- invariants (no reference needed) --------------------------------------------------------

def _none(call, case, **kwargs):
    args = dict(case.kwargs, reduction="none") | kwargs
    out = call(Case(args=case.args, kwargs=args, scale=case.scale))
    n = case.args[0].shape
    if not isinstance(out, torch.Tensor) or out.shape != n:
        shape = tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__
        raise Fail(f"with reduction='none' the result should have the logits' shape {tuple(n)}, got {shape}")
    return out


def non_negative(call, case):
    out = _none(call, case, alpha=abs(case.kwargs.get("alpha", 0.25)))
    if (out < -1e-6 * case.scale).any():
        raise Fail(f"a loss is negative: {out.min().item():.4g}")


def reductions_agree(call, case):
    each = _none(call, case)
    for reduction, want in [("sum", each.sum()), ("mean", each.mean())]:
        got = call(Case(args=case.args, kwargs=dict(case.kwargs, reduction=reduction), scale=case.scale))
        if not isinstance(got, torch.Tensor) or got.shape != () or not torch.allclose(got, want, rtol=1e-5,
                                                                                        atol=1e-6 * case.scale):
            shown = f"{got.item():.6g}" if isinstance(got, torch.Tensor) and got.numel() == 1 else \
                (tuple(got.shape) if isinstance(got, torch.Tensor) else type(got).__name__)
            raise Fail(f"reduction='{reduction}' gave {shown}, but the {reduction} of the reduction='none' "
                       f"losses is {want.item():.6g} (expected a 0-d tensor)")


def bce_when_plain(call, case):
    logits, targets = case.args
    got = _none(call, case, alpha=-1.0, gamma=0.0)
    want = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    if not torch.allclose(got, want, rtol=1e-4, atol=1e-5 * case.scale):
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
    if not torch.equal(a[1:], b[1:]):
        raise Fail("changing logits[0] changed the loss of other elements (reduction='none'): each "
                   "element's loss depends on its own logit only")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def _reduce(loss, reduction):
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def _parts(logits, targets):
    p = torch.sigmoid(logits)
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    return p, ce, p * targets + (1 - p) * (1 - targets)


def alpha_same_for_both(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce((alpha if alpha >= 0 else 1.0) * (1 - p_t) ** gamma * ce, reduction)


def alpha_swapped(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    alpha_t = (1 - alpha) * targets + alpha * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * (1 - p_t) ** gamma * ce, reduction)


def alpha_always(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    return _reduce((alpha * targets + (1 - alpha) * (1 - targets)) * (1 - p_t) ** gamma * ce, reduction)


def gamma_on_p_t(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * p_t ** gamma * ce, reduction)


def gamma_on_p(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * (1 - p) ** gamma * ce, reduction)


def gamma_on_raw_p(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p, ce, p_t = _parts(logits, targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * p ** gamma * ce, reduction)


def log_of_sigmoid(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits)
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * (1 - p_t) ** gamma * ce, reduction)


def log_of_clamped_sigmoid(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits).clamp(1e-7, 1 - 1e-7)
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets) if alpha >= 0 else 1.0
    return _reduce(alpha_t * (1 - p_t) ** gamma * ce, reduction)


def always_mean(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    return focal_loss(logits, targets, alpha, gamma, "mean")


def no_modulation(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    return focal_loss(logits, targets, alpha, 0.0, reduction)


UNSTABLE = ("log(sigmoid(x)) is unstable: sigmoid underflows to 0 (or rounds to 1) at large |x| and the log "
            "gives -inf, or a clamp gives a wrong finite value; use F.logsigmoid(x) / F.logsigmoid(-x) or "
            "F.binary_cross_entropy_with_logits")

DRILL = Drill(
    entry="focal_loss",
    inputs=inputs,
    run=run,
    examples=[
        Case(args=(torch.tensor([2.0, -1.0, 0.5, -3.0]), torch.tensor([1.0, 0.0, 0.0, 1.0])),
             label="the prompt's example"),
        Case(args=(torch.tensor([2.0, -1.0, 0.5, -3.0]), torch.tensor([1.0, 0.0, 0.0, 1.0])),
             kwargs=dict(reduction="none"), label="reduction='none'"),
        Case(args=(seeded(1, 9, scale=2.0), torch.tensor([1.0, 1, 0, 0, 1, 0, 0, 0, 1])),
             kwargs=dict(alpha=0.5, gamma=0.0, reduction="sum"), scale=2.0, label="gamma=0, sum"),
        Case(args=(seeded(2, 7, scale=2.0), torch.tensor([0.0, 1, 0, 1, 1, 0, 1])),
             kwargs=dict(alpha=-1.0, gamma=1.0, reduction="none"), scale=2.0, label="alpha < 0: no weighting"),
        Case(args=(seeded(3, 6), torch.zeros(6)), kwargs=dict(alpha=0.75, gamma=3.0, reduction="none"),
             label="all negatives"),
        Case(args=(torch.tensor([-0.7]), torch.tensor([1.0])), label="one element"),
    ],
    extreme=[
        Case(args=(torch.tensor([-200.0, 200.0, 150.0, -150.0, 30.0, -30.0]),
                   torch.tensor([1.0, 0.0, 1.0, 0.0, 0.0, 1.0])), kwargs=dict(reduction="none"), scale=200.0,
             label="logits ±200, confidently wrong and right"),
        Case(args=(seeded(4, 64, scale=1e4), (seeded(5, 64) > 0).float()), kwargs=dict(reduction="sum"),
             scale=1e4, label="logits near ±1e4"),
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
        Mistake(UNSTABLE, like=log_of_sigmoid),
        Mistake(UNSTABLE, like=log_of_clamped_sigmoid),
        Mistake("`reduction` ignored (always the mean)", like=always_mean),
        Mistake("the modulating factor (1 - p_t) ** gamma is missing", like=no_modulation),
    ],
    speed=lambda: Case(args=(seeded(8, 2048, scale=3.0), (seeded(9, 2048) > 0).float()), kwargs=dict(reduction="none")),
    speed_limit=30.0,
)
