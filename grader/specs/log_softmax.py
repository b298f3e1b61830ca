"""log_softmax: one function over any `dim`. Particular to it: inputs of any rank with a drawn dim,
logits up to 1e4 of either sign (spread out, or all near +-1e4 where exp overflows or underflows),
exp of the output summing to 1, exact values far below the row's max (where log(softmax(x)) gives
-inf, or a clamp's floor), and the mistakes of a hard-coded axis, a max not added back, a max over
the whole tensor, and no max at all."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Log-softmax", zh="对数softmax", topic="basics", difficulty="easy", minutes=6,
            oracle="torch.log_softmax")
HINTS = [
    "log_softmax(x)_i = x_i - log(sum_j exp(x_j)): the whole job is computing that log-sum-exp safely.",
    "log(sum_j exp(x_j)) = m + log(sum_j exp(x_j - m)) for any m. With m = max_j x_j every exp is <= 1 "
    "(no overflow) and the sum is >= 1 (its log is finite). Never take log of a probability that may "
    "have underflowed to 0.",
    "z = x - x.amax(dim, keepdim=True); return z - z.exp().sum(dim, keepdim=True).log()",
]


def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    centre = draw(st.sampled_from([0.0, 0.0, 0.0, 1e3, -1e3, 1e4, -1e4]))
    spread = draw(st.sampled_from([1.0, 3.0, 10.0] + ([100.0, 1e4] if centre == 0 else [])))
    x = centre + randn(draw, *shape, scale=spread)
    return Case(args=(x,), kwargs={"dim": dim}, scale=max(spread, abs(centre)))


def exp_sums_to_one(call, case):
    dim = case.kwargs.get("dim", -1)
    out = call(case)
    if not isinstance(out, torch.Tensor):
        raise Fail(f"the output should be a tensor, got {type(out).__name__}")
    total = out.detach().double().exp().sum(dim)
    # the output is exact to float32 rounding of numbers as large as the inputs
    if not torch.allclose(total, torch.ones_like(total), rtol=0, atol=1e-5 + 1e-6 * case.scale):
        raise Fail(f"exp of the output sums to {total.flatten()[:4].tolist()} along dim={dim}, not 1")


# log p of entries far below the row's max is the entry itself (to 1e-13): a floor or -inf here is the
# log of a probability that underflowed, clamped or not
FAR_BELOW = torch.tensor([[0.0, -30.0, -100.0, -1000.0, -5000.0]])
LOG_OF_SOFTMAX = ("log(softmax(x)): a probability that underflows to 0 gives log(0) = -inf, and clamping it "
                  "gives a wrong finite floor; stay in log space (x - max - log(sum(exp(x - max))))")


def exact_far_below_max(call, case):
    out = call(Case(args=(FAR_BELOW,), kwargs={"dim": -1}))
    if not isinstance(out, torch.Tensor) or out.shape != FAR_BELOW.shape:
        return                                             # the value checks say what is wrong
    out = out.detach()
    if torch.allclose(out, FAR_BELOW, rtol=1e-5, atol=1e-4):
        return
    shown = [round(v, 4) for v in out[0].tolist()]
    lead = f"log_softmax({FAR_BELOW[0].tolist()}) gave {shown}, expected the logits themselves (to 1e-13)"
    if torch.isneginf(out[0, 1:]).any():
        raise Fail(f"{lead}: exp(-1000) underflows to 0 and log(0) = -inf", mistake=LOG_OF_SOFTMAX)
    far = out[0, 2:]
    if far.isfinite().all() and (far == far[0]).all():
        raise Fail(f"{lead}: every entry far below the max gets the same floor {far[0].item():.4g}, the log of "
                   f"a clamped probability", mistake=LOG_OF_SOFTMAX)
    raise Fail(f"{lead}: log p of an entry far below the max is that entry minus the row's log-sum-exp (0 here)")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def last_axis(x, dim=-1):
    z = x - x.amax(-1, keepdim=True)
    return z - z.exp().sum(-1, keepdim=True).log()


def max_not_added_back(x, dim=-1):
    return x - (x - x.amax(dim, keepdim=True)).exp().sum(dim, keepdim=True).log()


def global_max(x, dim=-1):
    z = x - x.max()
    return z - z.exp().sum(dim, keepdim=True).log()


def log_of_softmax(x, dim=-1):
    e = (x - x.amax(dim, keepdim=True)).exp()
    return (e / e.sum(dim, keepdim=True)).log()


def no_max(x, dim=-1):
    return x - x.exp().sum(dim, keepdim=True).log()


def log_of_softmax_no_max(x, dim=-1):
    e = x.exp()
    return (e / e.sum(dim, keepdim=True)).log()


NO_MAX = ("log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to "
          "0 (log(0) = -inf) when every logit is very negative")

DRILL = Drill(entries=[Entry(
    "log_softmax",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, 2.0, 3.0]),), kwargs={"dim": -1}, label="the prompt's example"),
        Case(args=(seeded(1, 3, 4),), kwargs={"dim": 0}, label="dim=0"),
        Case(args=(seeded(2, 2, 1, 5),), kwargs={"dim": 1}, label="length-1 axis"),
        Case(args=(torch.full((2, 3), 7.0),), kwargs={"dim": -1}, label="all equal"),
        Case(args=(seeded(3, 2, 3, 4),), kwargs={"dim": -2}, label="dim=-2"),
        Case(args=(seeded(4, 2, 5),), label="dim left to its default (-1)"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]]),), kwargs={"dim": -1}, scale=1e3,
             label="logits ±1000 (the prompt's second example)"),
        Case(args=(seeded(5, 4, 7, scale=1e4),), kwargs={"dim": -1}, scale=1e4, label="logits near ±1e4"),
        Case(args=(1e4 + seeded(6, 3, 5, scale=3.0),), kwargs={"dim": -1}, scale=1e4,
             label="all logits near +1e4: exp overflows"),
        Case(args=(torch.tensor([[-1e4, -1e4 - 1.0, -1e4 - 2.0]]),), kwargs={"dim": -1}, scale=1e4,
             label="all logits near -1e4: exp underflows"),
        Case(args=(-seeded(7, 3, 6, scale=1e4).abs(),), kwargs={"dim": 0}, scale=1e4,
             label="logits near -1e4 along dim 0"),
        Case(args=(torch.tensor([[0.0, 1.0, 2.0], [-1000.0, -999.0, -998.0], [1000.0, 1001.0, 999.0]]),),
             kwargs={"dim": -1}, scale=1e3, label="rows 1000 apart"),
        Case(args=(seeded(8, 2, 4096),), kwargs={"dim": -1}, label="long rows"),
    ],
    invariants=[Invariant("exp sums to 1", exp_sums_to_one), kit.shift_invariance(),
                Invariant("exact far below the max", exact_far_below_max, drawn=False)],
    mistakes=[
        Mistake("log-softmax over a hard-coded axis (ignores `dim`)", like=last_axis,
                hint="Use `dim` everywhere: x.amax(dim, keepdim=True) and .sum(dim, keepdim=True)."),
        Mistake("the max subtracted but not added back: x - log(sum(exp(x - max))) is off by the max",
                like=max_not_added_back,
                hint="log(sum(exp(x))) = m + log(sum(exp(x - m))): the result is (x - m) - log(sum(exp(x - m)))."),
        Mistake("max taken over the whole tensor instead of along `dim`: rows far below it underflow to "
                "log(0)", like=global_max),
        Mistake(LOG_OF_SOFTMAX, like=log_of_softmax,
                hint="Never take the log of a probability: x - m - log(sum(exp(x - m))) is finite wherever x is."),
        Mistake(NO_MAX, like=no_max),
        Mistake(NO_MAX, like=log_of_softmax_no_max),
    ],
    loops=Loops(small=Case(args=(seeded(9, 3, 4, 5),), kwargs={"dim": -1}),
                large=Case(args=(seeded(10, 7, 9, 5),), kwargs={"dim": -1}), over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 32),), kwargs={"dim": -1}), limit=50.0),
)], banned=kit.SOFTMAX_BANNED + kit.LOGSUMEXP_BANNED)
