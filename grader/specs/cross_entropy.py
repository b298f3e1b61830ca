from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.cross_entropy import cross_entropy

META = dict(title="Cross-entropy", zh="交叉熵", topic="basics", difficulty="medium", minutes=15)
HINTS = [
    "Work in log space: log p = z - log(sum(exp(z))) with z = logits - max. Never take the log of a "
    "probability: it underflows to 0 on extreme logits, and clamping it to eps caps the loss.",
    "Ignored rows: build keep = target != ignore_index, index with a safe target (torch.where(keep, "
    "target, 0)) and zero those rows. Their target may be -100, which can't be used as an index.",
    "With weights, row i counts w[target_i]: the mean divides by the sum of the kept rows' target "
    "weights, not by N and not by the number of kept rows.",
    "Label smoothing mixes in eps/C of every class, the target included, each weighted by w[c]: "
    "loss_i = (1 - eps) * w[t] * nll_i + eps / C * sum_c w[c] * (-log p[i, c]).",
]


def ints(draw, high: int, *shape) -> torch.Tensor:
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    return torch.randint(0, high, shape, generator=g)


def inputs(draw) -> Case:
    N, C = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    # moderate logits: extreme ones have their own cases, and a clipped log(p) stays within eps here
    scale = draw(st.sampled_from([1.0, 3.0]))
    logits, target = randn(draw, N, C, scale=scale), ints(draw, C, N)
    kwargs = {}
    if draw(st.booleans()):
        kwargs["weight"] = 0.25 + 1.5 * randn(draw, C).sigmoid()        # positive, in (0.25, 1.75)
    ignore = draw(st.sampled_from(["nothing", "-100", "a class"]))
    if ignore == "-100":
        target[1:][ints(draw, 2, N - 1).bool()] = -100                    # row 0 always counts
    elif ignore == "a class" and C > 1:
        kwargs["ignore_index"] = draw(st.integers(0, C - 1))
        if target[0] == kwargs["ignore_index"]:
            target[0] = (target[0] + 1) % C
    if draw(st.booleans()):
        kwargs["label_smoothing"] = draw(st.sampled_from([0.1, 0.25, 1.0]))
    reduction = draw(st.sampled_from(["mean", "sum", "none", "default"]))
    if reduction != "default":
        kwargs["reduction"] = reduction
    return Case(args=(logits, target), kwargs=kwargs, scale=scale)


# ---- invariants (no reference needed) ----------------------------------------------------------

def output(call, case):
    out, none = call(case), case.kwargs.get("reduction") == "none"
    shape = case.args[1].shape if none else ()
    if not isinstance(out, torch.Tensor) or out.shape != shape:
        raise Fail(f"expected a tensor of shape {tuple(shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out


def shift_invariant(call, case):
    logits, target = case.args
    shift = 30.0 * torch.arange(1, logits.shape[0] + 1.0)[:, None]         # a different constant per row
    a, b = output(call, case), output(call, Case(args=(logits + shift, target), kwargs=case.kwargs))
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-4 * case.scale):
        raise Fail(f"adding a constant to each row of logits changed the loss by "
                   f"{(a - b).abs().max().item():.2g}")


def rows_independent(call, case):
    logits, target = case.args
    if logits.shape[0] < 2:
        return
    kwargs = case.kwargs | {"reduction": "none"}
    changed = logits.clone()
    changed[0] += torch.linspace(0.0, 2.0, logits.shape[1])               # change row 0 only
    a = output(call, Case(args=case.args, kwargs=kwargs))
    b = output(call, Case(args=(changed, target), kwargs=kwargs))
    diff = (a - b)[1:].abs().max()
    if diff > 1e-6 * case.scale:
        raise Fail(f"with reduction='none', changing row 0 of logits changed another row's loss by "
                   f"{diff.item():.2g}: each row's loss depends on its own logits only")


# ---- the classic mistakes, as implementations ----------------------------------------------------

def log_probs(logits):
    z = logits - logits.amax(1, keepdim=True)
    return z - z.exp().sum(1, keepdim=True).log()


def per_row(logp, target, weight=None, ignore_index=-100, label_smoothing=0.0, smooth_over="C",
            smooth_weighted=True):
    """(loss_i, w_t, keep) of F.cross_entropy from log-probs, or of a smoothing mistake."""
    C = logp.shape[1]
    w = torch.ones_like(logp[0]) if weight is None else weight
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    w_t = w[t] * keep
    nll = -logp.gather(1, t[:, None])[:, 0]
    ws = w if smooth_weighted else torch.ones_like(w)
    if smooth_over == "C":
        smooth = -(logp * ws).sum(1) / C
    else:   # (1 - eps) on the target, eps / (C - 1) on each other class
        smooth = (-(logp * ws).sum(1) - ws[t] * nll) / (C - 1)
    return (1 - label_smoothing) * w_t * nll + label_smoothing * keep * smooth, w_t, keep


def reduced(loss, reduction, denominator):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / denominator


def plain_mean(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    loss, w_t, keep = per_row(log_probs(logits), target, weight, ignore_index, label_smoothing)
    return reduced(loss, reduction, keep.sum())


def mean_over_all_rows(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
                       reduction="mean"):
    loss, w_t, keep = per_row(log_probs(logits), target, weight, ignore_index, label_smoothing)
    return reduced(loss, reduction, loss.shape[0])


def smoothing_over_others(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
                          reduction="mean"):
    loss, w_t, keep = per_row(log_probs(logits), target, weight, ignore_index, label_smoothing,
                              smooth_over="C-1")
    return reduced(loss, reduction, w_t.sum())


def smoothing_unweighted(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
                         reduction="mean"):
    loss, w_t, keep = per_row(log_probs(logits), target, weight, ignore_index, label_smoothing,
                              smooth_weighted=False)
    return reduced(loss, reduction, w_t.sum())


# ---- a check of its own: probabilities instead of log-probabilities --------------------------------

STABLE = "stable on extreme logits"


def stable_on_extreme_logits(module):
    """Names how a loss computed from probabilities breaks: clipped, log(0), or exp overflow."""
    logits = torch.tensor([[0.0, -2000.0, 1.0], [0.0, -3000.0, 1.0], [0.0, 1.0, -50.0],
                           [100.0, 99.5, 99.0]])
    target = torch.tensor([1, 1, 2, 0])
    try:
        out = module.cross_entropy(logits, target, reduction="none")
    except Exception:
        return   # the value checks report it
    if not isinstance(out, torch.Tensor) or out.shape != (4,):
        return
    want = cross_entropy(logits, target, reduction="none")    # 2001.31, 3001.31, 51.31, 0.68
    if torch.allclose(out, want, rtol=1e-4, atol=1e-2):
        return
    got, want = [round(v, 4) for v in out.tolist()], [round(v, 4) for v in want.tolist()]
    lead = f"logits {logits.tolist()}, target {target.tolist()}: losses {got}, expected {want}"
    if not out[3].isfinite():
        raise Fail(f"{lead}. exp(100) overflowed (inf / inf = NaN): subtract each row's max first")
    if not out[:3].isfinite().all():
        raise Fail(f"{lead}. The target's probability underflowed to 0 and log(0) = -inf (NaN once "
                   f"multiplied by 0): compute log p = z - log(sum(exp(z))), never log(softmax)")
    if (out[0] - out[1]).abs() < 1:
        raise Fail(f"{lead}. The loss is capped near -log(eps) = {got[0]:.4g}: the probabilities were "
                   f"clipped; compute log p with log-sum-exp instead")


def run(impl, case: Case):
    """Call with a detached `weight`: F.cross_entropy is not differentiable with respect to it, so
    only the gradient into the logits is graded."""
    kwargs = dict(case.kwargs)
    if isinstance(kwargs.get("weight"), torch.Tensor):
        kwargs["weight"] = kwargs["weight"].detach()
    return impl(*case.args, **kwargs)


def speed_target() -> torch.Tensor:
    i = torch.arange(2048)
    return torch.where(i % 7 == 0, -100, i % 16)     # every 7th row ignored


DRILL = Drill(
    entry="cross_entropy",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]), torch.tensor([0, 1])),
             label="the prompt's example"),
        Case(args=(seeded(1, 5, 4), torch.tensor([3, -100, 0, -100, 2])), label="rows ignored (-100), mean"),
        Case(args=(seeded(2, 5, 4), torch.tensor([3, 1, 0, 1, 2])),
             kwargs={"weight": torch.tensor([0.5, 2.0, 1.0, 0.25])}, label="class weights, mean"),
        Case(args=(seeded(3, 4, 5), torch.tensor([4, 0, 1, 1])), kwargs={"label_smoothing": 0.2},
             label="label smoothing, mean"),
        Case(args=(seeded(4, 6, 4), torch.tensor([2, 0, 2, 3, 1, 0])),
             kwargs={"weight": torch.tensor([1.5, 0.5, 1.0, 3.0]), "ignore_index": 2,
                     "label_smoothing": 0.3},
             label="weights, smoothing and ignore_index=2 together"),
        Case(args=(seeded(5, 5, 3, scale=3.0), torch.tensor([0, -100, 2, 1, 2])),
             kwargs={"weight": torch.tensor([2.0, 1.0, 0.5]), "reduction": "sum"}, scale=3.0,
             label="reduction='sum' with weights and an ignored row"),
        Case(args=(seeded(6, 4, 3), torch.tensor([1, -100, 0, 2])),
             kwargs={"weight": torch.tensor([0.3, 1.0, 2.0]), "label_smoothing": 0.1, "reduction": "none"},
             label="reduction='none': the ignored row is 0"),
        Case(args=(seeded(7, 1, 6), torch.tensor([5])), label="one row"),
        Case(args=(seeded(8, 3, 1), torch.tensor([0, 0, 0])), kwargs={"label_smoothing": 0.1},
             label="one class"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]] * 3), torch.tensor([2, 1, 0])),
             kwargs={"reduction": "none"}, scale=1e3, label="logits ±1000"),
        Case(args=(seeded(9, 4, 7, scale=1e4), torch.tensor([0, 3, 6, 2])), kwargs={"reduction": "none"},
             scale=1e4, label="logits near 1e4"),
        Case(args=(seeded(10, 2, 4096), torch.tensor([17, 4095])), label="4096 classes"),
    ],
    invariants=[Invariant("shift invariance", shift_invariant),
                Invariant("rows independent", rows_independent)],
    run=run,
    custom=[Custom(STABLE, stable_on_extreme_logits)],
    mistakes=[
        Mistake("plain mean instead of the weighted mean: with `weight`, 'mean' divides by the sum of the "
                "kept targets' weights", like=plain_mean),
        Mistake("ignored rows counted in the mean's denominator (divide by the kept rows, not N)",
                like=mean_over_all_rows),
        Mistake("label smoothing spread over the C-1 other classes instead of all C (eps/C goes to every "
                "class, the target included)", like=smoothing_over_others),
        Mistake("label-smoothing term not weighted: with `weight`, class c's share eps/C is multiplied by "
                "w[c]", like=smoothing_unweighted),
        Mistake("indexed with the ignored targets (-100) before masking them: index with a safe target "
                "(torch.where(keep, target, 0)) and zero those rows", error=r"index -?\d+ is out of bounds"
                r"|Class values must be non-negative"),
        Mistake("cross-entropy by clipping probabilities (log(clamp(softmax(x), eps))), or from "
                "log(softmax(x)) or exp without the max, instead of log-sum-exp: fails on extreme logits",
                check=STABLE),
    ],
    banned=["torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss", "torch.nn.CrossEntropyLoss",
            "torch.nn.NLLLoss", "torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax",
            "torch.special.softmax", "torch._softmax", "torch.log_softmax", "torch.nn.functional.log_softmax",
            "torch.Tensor.log_softmax", "torch.special.log_softmax", "torch._log_softmax", "torch.nn.Softmax",
            "torch.nn.LogSoftmax"],
    speed=lambda: Case(args=(seeded(11, 2048, 16), speed_target()),
                       kwargs={"weight": 0.5 + seeded(12, 16).sigmoid(), "label_smoothing": 0.1}),
    speed_limit=15.0,
)
