"""regression_losses: four entries, one per loss, each graded on values and gradients over every
reduction and over the whole domain of its parameter (delta and beta from 1e-3, where nearly
everything is linear, to 1e3, where everything is quadratic; margins from 0). Particular to it: an
invariant that holds the three reductions of one call against each other and names the reduction
mistakes on any of the four losses, and the classic mistakes of Huber and smooth L1 written as one
another (the scaling by delta or 1 / beta)."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Regression losses", zh="回归损失", topic="basics", difficulty="easy", minutes=12,
            oracle="F.mse_loss, F.huber_loss, F.smooth_l1_loss, F.multi_margin_loss (two classes)")
HINTS = [
    "One helper for the three reductions: 'none' returns the elementwise losses, 'sum' their sum, and "
    "'mean' their mean over every element (loss.mean(), not a per-row sum averaged over rows).",
    "d = (pred - target).abs(); pick each element's piece with torch.where(d <= delta, quadratic, linear). "
    "Both pieces are computed everywhere, and that is fine here: neither overflows.",
    "Huber: 0.5 * d * d inside, delta * (d - 0.5 * delta) outside. Smooth L1 is Huber divided by beta: "
    "0.5 * d * d / beta inside (d < beta), d - 0.5 * beta outside.",
    "Hinge: (margin - target * scores).clamp(min=0); then reduce like the others.",
]

FUNCTIONS = ["mse_loss", "huber_loss", "smooth_l1_loss", "hinge_loss"]
PARAMETER = {   # the keyword each loss takes, and a strategy over its whole domain
    "huber_loss": ("delta", st.one_of(st.sampled_from([1e-3, 0.5, 1.0, 2.0, 1e3]), st.floats(1e-3, 100.0))),
    "smooth_l1_loss": ("beta", st.one_of(st.sampled_from([1e-3, 0.5, 1.0, 2.0, 1e3]), st.floats(1e-3, 100.0))),
    "hinge_loss": ("margin", st.one_of(st.sampled_from([0.0, 0.5, 1.0, 2.0]), st.floats(0.0, 5.0))),
}
REDUCTIONS = ["mean", "sum", "none"]


def signs(seed: int, *shape) -> torch.Tensor:
    """Hinge targets: -1.0 or +1.0."""
    return torch.randint(0, 2, shape, generator=torch.Generator().manual_seed(seed)).float() * 2 - 1


def detach_hinge_target(impl, case: Case, ns):
    """Hinge's target is a label: only the gradient into the scores is graded."""
    scores, target = case.args
    return impl(scores, target.detach(), **case.kwargs)


def inputs_of(name):
    def inputs(draw) -> Case:
        shape = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))      # () is a 0-d tensor
        scale = draw(st.sampled_from([1e-2, 1.0, 3.0, 10.0, 1e3]))
        pred = kit.randn(draw, *shape, scale=scale)
        if name == "hinge_loss":
            target = signs(draw(st.integers(0, 2**16)), *shape)
        else:
            target = kit.randn(draw, *shape, scale=scale) + draw(st.sampled_from([0.0, 0.0, 5.0]))
        kwargs = {}
        if name in PARAMETER and draw(st.booleans()):
            key, values = PARAMETER[name]
            kwargs[key] = draw(values)
        reduction = draw(st.sampled_from(REDUCTIONS + ["default"]))
        if reduction != "default":
            kwargs["reduction"] = reduction
        return Case(args=(pred, target), kwargs=kwargs, seed=draw(st.integers(0, 2**16)))
    return inputs


# ---- the reductions, held against each other ------------------------------------------------------

MEAN_AS_SUM = "reduction='mean' returns the sum: the mean divides by the number of elements"
ROW_MEAN = ("reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, "
            "loss.mean()")
IGNORED = "`reduction` ignored: 'none' returns the elementwise losses, 'sum' their sum, 'mean' their mean"


def reductions_agree(call, case):
    """'none' gives the elementwise losses of the inputs' shape, 'sum' their sum and 'mean' their mean."""
    def three(c):
        outs = {}
        for r in REDUCTIONS:
            out = call(Case(args=c.args, kwargs=c.kwargs | {"reduction": r}, seed=c.seed))
            if not isinstance(out, torch.Tensor):
                raise Fail(f"reduction={r!r} returned {type(out).__name__}, not a tensor")
            outs[r] = out.detach().double()
        return outs["none"], outs["sum"], outs["mean"]

    def close(a, b):
        return math.isclose(float(a), float(b), rel_tol=1e-4, abs_tol=1e-6)

    def cause(per, avg):
        """The reduction mistake 'mean' makes, told on a (2, 3) input where the candidates differ."""
        causes = {MEAN_AS_SUM: close(avg, per.sum()), ROW_MEAN: close(avg, per.sum(-1).mean()),
                  IGNORED: False}
        named = [k for k, v in causes.items() if v]
        return named[0] if len(named) == 1 else ""

    x = case.args[0]
    per, total, avg = three(case)
    if per.shape != x.shape:
        same = per.dim() == 0 and x.numel() > 1 and torch.allclose(per, avg) and torch.allclose(per, total)
        raise Fail(f"reduction='none' returned shape {tuple(per.shape)}: it is the elementwise losses, of the "
                   f"inputs' shape {tuple(x.shape)}", mistake=IGNORED if same else "")
    for r, out in (("sum", total), ("mean", avg)):
        if out.dim() != 0:
            raise Fail(f"reduction={r!r} returned shape {tuple(out.shape)}: it is a 0-dim tensor")
    if not close(total, per.sum()):
        raise Fail(f"reduction='sum' gave {float(total):.6g}, the sum of the reduction='none' losses is "
                   f"{float(per.sum()):.6g}", mistake=IGNORED if close(total, per.mean()) else "")
    if not close(avg, per.mean()):
        labels = bool(case.args[1].abs().eq(1).all())              # hinge's targets are -1 and +1
        probe = Case(args=(seeded(20, 2, 3), signs(21, 2, 3) if labels else seeded(21, 2, 3)), kwargs=case.kwargs)
        p_per, _, p_avg = three(probe)
        named = cause(p_per, p_avg) if p_per.shape == (2, 3) and p_avg.dim() == 0 else ""
        raise Fail(f"reduction='mean' gave {float(avg):.6g}, the mean of the {per.numel()} reduction='none' "
                   f"losses is {float(per.mean()):.6g}", mistake=named)


# ---- classic mistakes, written as a learner would ------------------------------------------------

def reduced(loss, reduction, mean="all"):
    if reduction == "none":
        return loss
    if reduction == "sum" or mean == "sum":
        return loss.sum()
    return loss.sum(-1).mean() if mean == "rows" else loss.mean()


def elementwise_mse(pred, target):
    return (pred - target) ** 2


def elementwise_huber(pred, target, delta=1.0):
    d = (pred - target).abs()
    return torch.where(d <= delta, 0.5 * d * d, delta * (d - 0.5 * delta))


def elementwise_smooth_l1(pred, target, beta=1.0):
    d = (pred - target).abs()
    return torch.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)


def elementwise_hinge(scores, target, margin=1.0):
    return (margin - target * scores).clamp(min=0)


def reduction_like(elementwise, mean):
    """The loss with a reduction mistake: mean = "sum" ('mean' returns the sum), "rows" (per-row sums
    averaged) or "ignored" (always the mean)."""
    def loss(pred, target, *parameter, reduction="mean", **kw):
        out = elementwise(pred, target, *parameter, **kw)
        return out.mean() if mean == "ignored" else reduced(out, reduction, mean)
    return loss


def reduction_mistakes(elementwise):
    return [Mistake(MEAN_AS_SUM, like=reduction_like(elementwise, "sum")),
            Mistake(ROW_MEAN, like=reduction_like(elementwise, "rows")),
            Mistake(IGNORED, like=reduction_like(elementwise, "ignored"))]


def mse_halved(pred, target, reduction="mean"):
    return reduced(0.5 * (pred - target) ** 2, reduction)


def huber_like(mistake):
    def huber_loss(pred, target, delta=1.0, reduction="mean"):
        d = (pred - target).abs()
        if mistake == "as smooth l1":
            loss = torch.where(d < delta, 0.5 * d * d / delta, d - 0.5 * delta)
        elif mistake == "no offset":
            loss = torch.where(d <= delta, 0.5 * d * d, delta * d)
        elif mistake == "delta ignored":
            loss = torch.where(d <= 1.0, 0.5 * d * d, d - 0.5)
        else:   # "swapped"
            loss = torch.where(d <= delta, delta * (d - 0.5 * delta), 0.5 * d * d)
        return reduced(loss, reduction)
    return huber_loss


def smooth_like(mistake):
    def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
        d = (pred - target).abs()
        if mistake == "as huber":
            loss = torch.where(d <= beta, 0.5 * d * d, beta * (d - 0.5 * beta))
        elif mistake == "not divided":
            loss = torch.where(d < beta, 0.5 * d * d, d - 0.5 * beta)
        else:   # "beta ignored"
            loss = torch.where(d < 1.0, 0.5 * d * d, d - 0.5)
        return reduced(loss, reduction)
    return smooth_l1_loss


def hinge_margin_ignored(scores, target, margin=1.0, reduction="mean"):
    return reduced((1 - target * scores).clamp(min=0), reduction)


def hinge_no_clamp(scores, target, margin=1.0, reduction="mean"):
    return reduced(margin - target * scores, reduction)


MISTAKES = {
    "mse_loss": reduction_mistakes(elementwise_mse) + [
        Mistake("MSE halved: 0.5 · d² is the convention of some derivations; F.mse_loss is the plain mean of d²",
                like=mse_halved),
    ],
    "huber_loss": reduction_mistakes(elementwise_huber) + [
        Mistake("Huber written as smooth L1 (quadratic part divided by delta, slope 1 outside): Huber is "
                "0.5 · d² inside and delta · (|d| - delta / 2) outside, delta times smooth L1",
                like=huber_like("as smooth l1"),
                hint="huber(d, delta) = delta · smooth_l1(d, beta=delta): no division inside, slope delta outside."),
        Mistake("Huber's linear part without the - delta / 2: delta · (|d| - 0.5 · delta), so that the pieces "
                "meet at |d| = delta", like=huber_like("no offset")),
        Mistake("`delta` ignored (1 hard-coded)", like=huber_like("delta ignored")),
        Mistake("Huber's pieces swapped: quadratic for |d| <= delta, linear outside", like=huber_like("swapped")),
    ],
    "smooth_l1_loss": reduction_mistakes(elementwise_smooth_l1) + [
        Mistake("smooth L1 written as Huber (slope beta outside, no division inside): smooth L1 is "
                "0.5 · d² / beta inside and |d| - beta / 2 outside", like=smooth_like("as huber"),
                hint="smooth_l1(d, beta) = huber(d, delta=beta) / beta: divide the quadratic part by beta, "
                     "and the linear part has slope 1."),
        Mistake("smooth L1's quadratic part not divided by beta: 0.5 · d² / beta, so that it meets |d| - beta / 2 "
                "at |d| = beta", like=smooth_like("not divided")),
        Mistake("`beta` ignored (1 hard-coded)", like=smooth_like("beta ignored")),
    ],
    "hinge_loss": reduction_mistakes(elementwise_hinge) + [
        Mistake("`margin` ignored (1 hard-coded)", like=hinge_margin_ignored),
        Mistake("hinge without the max(0, ·): scores beyond the margin must cost 0, not a negative loss",
                like=hinge_no_clamp),
    ],
}


def examples_of(name):
    pred, target = torch.tensor([0.5, -2.0, 3.0]), torch.tensor([0.0, 0.0, 1.0])
    a, b, c = seeded(1, 2, 3, scale=2.0), seeded(2, 2, 3, scale=2.0), seeded(3, 2, 3, 4, scale=2.0)
    if name == "hinge_loss":
        return [
            Case(args=(torch.tensor([0.3, -2.0, 1.5]), torch.tensor([1.0, -1.0, -1.0])), kwargs={"reduction": "sum"},
                 label="the prompt's example"),
            Case(args=(a, signs(1, 2, 3)), kwargs={"reduction": "none"}, label="reduction='none'"),
            Case(args=(a, signs(2, 2, 3)), kwargs={"margin": 2.0, "reduction": "none"}, label="margin 2"),
            Case(args=(c, signs(3, 2, 3, 4)), label="3-d input, default margin and reduction"),
            Case(args=(b, signs(4, 2, 3)), kwargs={"margin": 0.0}, label="margin 0 (the perceptron loss)"),
            Case(args=(a, signs(5, 2, 3)), kwargs={"margin": 0.5, "reduction": "mean"}, label="margin 0.5, mean"),
            Case(args=(torch.tensor(0.25), torch.tensor(-1.0)), label="a 0-d tensor"),
        ]
    key = {"huber_loss": "delta", "smooth_l1_loss": "beta"}.get(name)
    first = Case(args=(pred, target), kwargs={"reduction": "none"}, label="the prompt's example")
    if key is None:
        rest = [Case(args=(a, b), kwargs={"reduction": "none"}, label="reduction='none'"),
                Case(args=(a, b), kwargs={"reduction": "mean"}, label="(2, 3): mean over 6 elements"),
                Case(args=(c, seeded(4, 2, 3, 4)), label="3-d input, default reduction")]
    else:
        rest = [Case(args=(pred, target), kwargs={key: 2.0, "reduction": "none"}, label=f"{key} = 2"),
                Case(args=(a, b), kwargs={key: 0.5, "reduction": "none"}, label=f"{key} = 0.5: both pieces"),
                Case(args=(a, b), kwargs={key: 3.0, "reduction": "mean"}, label=f"{key} = 3, mean"),
                Case(args=(c, seeded(4, 2, 3, 4)), label="3-d input, default parameter and reduction"),
                Case(args=(a, b), kwargs={key: 1e3, "reduction": "none"}, label=f"{key} = 1e3: all quadratic"),
                Case(args=(a, b), kwargs={key: 1e-3, "reduction": "sum"}, label=f"{key} = 1e-3: all linear, sum")]
    return [first] + rest + [
        Case(args=(a, b), kwargs={"reduction": "sum"}, label="reduction='sum'"),
        Case(args=(torch.tensor(1.5), torch.tensor(-0.5)), label="a 0-d tensor"),
        Case(args=(seeded(5, 4, 1), seeded(6, 4, 1)), kwargs={"reduction": "mean"}, label="(4, 1): one column"),
    ]


def extreme_of(name):
    x, y = seeded(7, 3, 5, scale=1e4), seeded(8, 3, 5, scale=1e4)
    if name == "hinge_loss":
        return [Case(args=(x, signs(9, 3, 5)), kwargs={"reduction": "none"}, scale=1e4, label="scores near ±1e4")]
    return [Case(args=(x, y), kwargs={"reduction": "none"}, scale=1e4, label="values near ±1e4"),
            Case(args=(seeded(10, 4, 4096), seeded(11, 4, 4096)), label="16384 elements, mean")]


def entry(name):
    large = Case(args=(seeded(12, 9, 8), signs(13, 9, 8) if name == "hinge_loss" else seeded(13, 9, 8)))
    small = Case(args=(seeded(12, 3, 8), signs(13, 3, 8) if name == "hinge_loss" else seeded(13, 3, 8)))
    return Entry(
        name,
        inputs=inputs_of(name),
        examples=examples_of(name),
        extreme=extreme_of(name),
        run=detach_hinge_target if name == "hinge_loss" else None,
        invariants=[Invariant("reductions agree", reductions_agree)],
        mistakes=MISTAKES[name],
        loops=Loops(small=small, large=large, over="the rows"),
        speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 64), seeded(seed + 1, 4096, 64).sign())), limit=30.0),
    )


DRILL = Drill(
    entries=[entry(name) for name in FUNCTIONS],
    mistakes=[Mistake("a loss computed in place on its inputs (pred.sub_(target)): work on new tensors",
                      check="inputs unchanged")],
    banned=["torch.nn.functional.mse_loss", "torch.nn.MSELoss", "torch.nn.functional.huber_loss", "torch.nn.HuberLoss",
            "torch.nn.functional.smooth_l1_loss", "torch.nn.SmoothL1Loss", "torch.nn.functional.hinge_embedding_loss",
            "torch.hinge_embedding_loss", "torch.nn.HingeEmbeddingLoss", "torch.nn.functional.multi_margin_loss",
            "torch.nn.MultiMarginLoss", "torch.nn.functional.soft_margin_loss", "torch.nn.SoftMarginLoss"],
)
