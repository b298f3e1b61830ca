"""cross_entropy: one function with F.cross_entropy's meaning for class-index targets. Particular to
it: every option drawn over its domain (class weights with zeros, ignore_index as -100, another
negative value, a class or a value never used, label smoothing in [0, 1], each reduction and the
default), logits up to 1e4 of either sign, only the gradient into the logits graded (F.cross_entropy
takes none into `weight`), and an invariant on targets far below the row's max that names a loss
taken from probabilities: clipped, log(0), or exp without the max."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import generator, randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Cross-entropy", zh="交叉熵", topic="basics", difficulty="medium", minutes=15,
            oracle="F.cross_entropy")
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


def inputs(draw) -> Case:
    N, C = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    centre = draw(st.sampled_from([0.0, 0.0, 0.0, 1e3, -1e3, 1e4, -1e4]))
    spread = draw(st.sampled_from([1.0, 3.0, 10.0] + ([100.0, 1e4] if centre == 0 else [])))
    logits = centre + randn(draw, N, C, scale=spread)
    g = generator(draw)
    target = torch.randint(0, C, (N,), generator=g)
    kwargs = {}
    ignore = draw(st.sampled_from(["default", "-100", "-1", "a class", "never used"]))
    if ignore != "default":
        kwargs["ignore_index"] = {"-100": -100, "-1": -1, "a class": draw(st.integers(0, C - 1)),
                                  "never used": C + 3}[ignore]
    drop = torch.rand(N, generator=g) < 0.4
    drop[0] = False                                            # row 0 always counts: the mean is defined
    if ignore in ("default", "-100", "-1"):
        target[drop] = kwargs.get("ignore_index", -100)
    elif ignore == "a class" and target[0] == kwargs["ignore_index"]:
        if C == 1:
            del kwargs["ignore_index"]
        else:
            target[0] = (target[0] + 1) % C
    if draw(st.booleans()):
        w = 2 * torch.rand(C, generator=g)
        w[torch.rand(C, generator=g) < 0.2] = 0.0              # a class may weigh nothing
        w[target[0]] = max(w[target[0]].item(), 0.25)          # but row 0's target counts
        kwargs["weight"] = w
    if draw(st.booleans()):
        kwargs["label_smoothing"] = draw(st.one_of(st.sampled_from([0.1, 1.0]), st.floats(0.0, 1.0)))
    reduction = draw(st.sampled_from(["mean", "sum", "none", "default"]))
    if reduction != "default":
        kwargs["reduction"] = reduction
    return Case(args=(logits, target), kwargs=kwargs, scale=max(spread, abs(centre)))


def run(impl, case: Case, ns):
    """Call with a detached `weight`: F.cross_entropy is not differentiable with respect to it, so
    only the gradient into the logits is graded."""
    kwargs = dict(case.kwargs)
    if isinstance(kwargs.get("weight"), torch.Tensor):
        kwargs["weight"] = kwargs["weight"].detach()
    return impl(*case.args, **kwargs)


# ---- invariants (no reference needed) ----------------------------------------------------------

def shift_invariant(call, case):
    logits, target = case.args
    shift = 30.0 * torch.arange(1, logits.shape[0] + 1.0)[:, None]         # a different constant per row
    a, b = call(case), call(Case(args=(logits + shift, target), kwargs=case.kwargs, scale=case.scale))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != b.shape:
        return                                                                # the value checks say so
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
    a = call(Case(args=case.args, kwargs=kwargs, scale=case.scale))
    b = call(Case(args=(changed, target), kwargs=kwargs, scale=case.scale))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != b.shape or a.dim() != 1:
        return
    diff = (a - b)[1:].abs().max() if a.numel() > 1 else 0.0
    if diff > 1e-6 * case.scale:
        raise Fail(f"with reduction='none', changing row 0 of logits changed another row's loss by "
                   f"{float(diff):.2g}: each row's loss depends on its own logits only")


# Targets 2000, 3000 and 51 below the row's max, a row where exp(100) overflows and one where every
# exp underflows: a loss from probabilities breaks on one of them, and how it breaks names the cause.
FAR_LOGITS = torch.tensor([[0.0, -2000.0, 1.0], [0.0, -3000.0, 1.0], [0.0, 1.0, -50.0],
                           [100.0, 99.5, 99.0], [-1e4, -1e4 - 1.0, -1e4 - 2.0]])
FAR_TARGET = torch.tensor([1, 1, 2, 0, 0])
FAR_LOSS = (FAR_LOGITS.double().logsumexp(-1) - FAR_LOGITS.double()[torch.arange(5), FAR_TARGET]).float()
CLIPPED = ("cross-entropy by clipping probabilities (log(clamp(softmax(x), eps))): the loss of a target far "
           "below the others is capped near -log(eps); compute log p with log-sum-exp")
LOG_OF_SOFTMAX = ("cross-entropy from log(softmax(x)): a target probability that underflows to 0 gives "
                  "log(0) = -inf; compute log p = z - log(sum(exp(z))) instead")
NO_MAX = ("log-sum-exp without subtracting the row's max: exp overflows to inf for large logits and "
          "underflows to 0 (log(0) = -inf) when every logit is very negative")


def stable_far_below_max(call, case):
    out = call(Case(args=(FAR_LOGITS, FAR_TARGET), kwargs={"reduction": "none"}, scale=1e4))
    if not isinstance(out, torch.Tensor) or out.shape != FAR_LOSS.shape:
        return                                                 # the value checks say what is wrong
    out = out.detach()
    if torch.allclose(out, FAR_LOSS, rtol=1e-4, atol=1e-2):
        return
    got, want = [round(v, 4) for v in out.tolist()], [round(v, 4) for v in FAR_LOSS.tolist()]
    lead = (f"logits {FAR_LOGITS.tolist()}, target {FAR_TARGET.tolist()}, reduction='none': losses {got}, "
            f"expected {want}")
    if not out[3:].isfinite().all():
        raise Fail(f"{lead}. Rows 3 and 4 broke: exp(100) overflows and exp(-1e4) underflows; subtract each "
                   f"row's max first", mistake=NO_MAX)
    if not out[:3].isfinite().all():
        raise Fail(f"{lead}. The target's probability underflowed to 0 and log(0) = -inf", mistake=LOG_OF_SOFTMAX)
    if (out[0] - out[1]).abs() < 1:
        raise Fail(f"{lead}. Targets 2000 and 3000 below the max get the same loss {got[0]:.4g}: the probabilities "
                   f"were clipped", mistake=CLIPPED)
    raise Fail(f"{lead}. The loss of a target far below the max is about the gap: -log p[t] = logsumexp(x) - x[t]")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def log_probs(logits, dim=1):
    z = logits - logits.amax(dim, keepdim=True)
    return z - z.exp().sum(dim, keepdim=True).log()


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
        smooth = (-(logp * ws).sum(1) - ws[t] * nll) / max(C - 1, 1)
    return (1 - label_smoothing) * w_t * nll + label_smoothing * keep * smooth, w_t, keep


def reduced(loss, reduction, denominator):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / denominator


def from_log_probs(logp_of, denominator="weights", **options):
    """cross_entropy with log p computed by logp_of, the mean's denominator chosen, smoothing as given."""
    def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
        loss, w_t, keep = per_row(logp_of(logits), target, weight, ignore_index, label_smoothing, **options)
        return reduced(loss, reduction, {"weights": w_t.sum(), "kept": keep.sum(), "N": loss.shape[0]}[denominator])
    return cross_entropy


def clipped(logits):
    e = (logits - logits.amax(1, keepdim=True)).exp()
    return e.div(e.sum(1, keepdim=True)).clamp(min=1e-12).log()


def log_of_softmax(logits):
    e = (logits - logits.amax(1, keepdim=True)).exp()
    return (e / e.sum(1, keepdim=True)).log()


def without_max(logits):
    return logits - logits.exp().sum(1, keepdim=True).log()


def target_list(n, seed, classes=4):
    t = torch.randint(0, classes, (n,), generator=torch.Generator().manual_seed(seed))
    t[1::3] = -100                                          # every third row ignored
    return t


DRILL = Drill(entries=[Entry(
    "cross_entropy",
    inputs=inputs,
    run=run,
    examples=[
        Case(args=(torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]), torch.tensor([0, 1])),
             label="the prompt's example"),
        Case(args=(seeded(1, 5, 4), torch.tensor([3, -100, 0, -100, 2])), label="rows ignored (-100), mean"),
        Case(args=(seeded(2, 5, 4), torch.tensor([3, 1, 0, 1, 2])),
             kwargs={"weight": torch.tensor([0.5, 2.0, 1.0, 0.25])}, label="class weights, mean"),
        Case(args=(seeded(3, 4, 5), torch.tensor([4, 0, 1, 1])), kwargs={"label_smoothing": 0.2},
             label="label smoothing, mean"),
        Case(args=(seeded(4, 6, 4), torch.tensor([2, 0, 2, 3, 1, 0])),
             kwargs={"weight": torch.tensor([1.5, 0.5, 1.0, 3.0]), "ignore_index": 2, "label_smoothing": 0.3},
             label="weights, smoothing and ignore_index=2 together"),
        Case(args=(seeded(5, 5, 3, scale=3.0), torch.tensor([0, -100, 2, 1, 2])),
             kwargs={"weight": torch.tensor([2.0, 1.0, 0.5]), "reduction": "sum"}, scale=3.0,
             label="reduction='sum' with weights and an ignored row"),
        Case(args=(seeded(6, 4, 3), torch.tensor([1, -100, 0, 2])),
             kwargs={"weight": torch.tensor([0.3, 1.0, 2.0]), "label_smoothing": 0.1, "reduction": "none"},
             label="reduction='none': the ignored row is 0"),
        Case(args=(seeded(7, 4, 3), torch.tensor([1, -1, 0, -1])),
             kwargs={"weight": torch.tensor([0.0, 1.5, 1.0]), "ignore_index": -1, "label_smoothing": 1.0},
             label="ignore_index=-1, a class of weight 0, label_smoothing=1"),
        Case(args=(seeded(8, 1, 6), torch.tensor([5])), label="one row"),
        Case(args=(seeded(9, 3, 1), torch.tensor([0, 0, 0])), kwargs={"label_smoothing": 0.1},
             label="one class"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]] * 3), torch.tensor([2, 1, 0])),
             kwargs={"reduction": "none"}, scale=1e3, label="logits ±1000"),
        Case(args=(seeded(10, 4, 7, scale=1e4), torch.tensor([0, 3, 6, 2])), kwargs={"reduction": "none"},
             scale=1e4, label="logits near ±1e4"),
        Case(args=(1e4 + seeded(11, 4, 5, scale=3.0), torch.tensor([0, -100, 4, 1])),
             kwargs={"weight": torch.tensor([1.0, 0.5, 2.0, 1.0, 1.5]), "label_smoothing": 0.1}, scale=1e4,
             label="all logits near +1e4: exp overflows"),
        Case(args=(-1e4 + seeded(12, 4, 5, scale=3.0), torch.tensor([2, 3, -100, 0])),
             kwargs={"label_smoothing": 0.2, "reduction": "sum"}, scale=1e4,
             label="all logits near -1e4: exp underflows"),
        Case(args=(seeded(13, 2, 4096), torch.tensor([17, 4095])), label="4096 classes"),
    ],
    invariants=[Invariant("shift invariance", shift_invariant),
                Invariant("rows independent", rows_independent),
                Invariant("stable far below the max", stable_far_below_max, drawn=False)],
    mistakes=[
        Mistake("plain mean instead of the weighted mean: with `weight`, 'mean' divides by the sum of the "
                "kept targets' weights", like=from_log_probs(log_probs, denominator="kept")),
        Mistake("ignored rows counted in the mean's denominator (divide by the kept rows, not N)",
                like=from_log_probs(log_probs, denominator="N")),
        Mistake("label smoothing spread over the C-1 other classes instead of all C (eps/C goes to every "
                "class, the target included)", like=from_log_probs(log_probs, smooth_over="C-1")),
        Mistake("label-smoothing term not weighted: with `weight`, class c's share eps/C is multiplied by "
                "w[c]", like=from_log_probs(log_probs, smooth_weighted=False)),
        Mistake("log-softmax over the batch (dim 0) instead of the classes (dim 1)",
                like=from_log_probs(lambda logits: log_probs(logits, dim=0))),
        Mistake("indexed with the ignored targets (-100) before masking them: index with a safe target "
                "(torch.where(keep, target, 0)) and zero those rows",
                error=r"index -?\d+ is out of bounds|Class values must be non-negative"),
        Mistake(CLIPPED, like=from_log_probs(clipped),
                hint="Clamping p to eps caps every loss at -log(eps). log p = z - log(sum(exp(z))), with z the "
                     "logits minus their row max, is exact for any logits."),
        Mistake(LOG_OF_SOFTMAX, like=from_log_probs(log_of_softmax)),
        Mistake(NO_MAX, like=from_log_probs(without_max)),
    ],
    loops=Loops(small=Case(args=(seeded(14, 3, 4), target_list(3, 15)),
                           kwargs={"weight": 0.5 + seeded(16, 4).sigmoid(), "label_smoothing": 0.1}),
                large=Case(args=(seeded(17, 9, 4), target_list(9, 18)),
                           kwargs={"weight": 0.5 + seeded(16, 4).sigmoid(), "label_smoothing": 0.1}),
                over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 2048, 16), target_list(2048, seed + 1, classes=16)),
                                  kwargs={"weight": 0.5 + seeded(seed + 2, 16).sigmoid(), "label_smoothing": 0.1}),
                limit=30.0),
)], banned=kit.SOFTMAX_BANNED + ["torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss", "torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss"])
