from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.log_softmax import log_softmax

META = dict(title="Log-softmax", zh="对数softmax", topic="basics", difficulty="easy", minutes=6)
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
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    return Case(args=(randn(draw, *shape, scale=scale),), kwargs={"dim": dim}, scale=scale)


def output(call, case):
    x, out = case.args[0], call(case)
    if not isinstance(out, torch.Tensor) or out.shape != x.shape:
        raise Fail(f"expected a tensor of x's shape {tuple(x.shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out


def exp_sums_to_one(call, case):
    out = output(call, case)
    total = out.double().exp().sum(case.kwargs["dim"])
    if not torch.allclose(total, torch.ones_like(total), atol=1e-5):
        raise Fail(f"exp of the output sums to {total.flatten()[:4].tolist()} along dim={case.kwargs['dim']}, "
                   f"not 1")


def shift_invariant(call, case):
    x = case.args[0]
    a, b = output(call, case), output(call, Case(args=(x + 50.0,), kwargs=case.kwargs))
    if not torch.allclose(a, b, atol=1e-4 * case.scale):
        raise Fail(f"adding 50 to every input changed the output by {(a - b).abs().max().item():.2g}")


def log_of_softmax(x, dim=-1):
    e = (x - x.amax(dim, keepdim=True)).exp()
    return (e / e.sum(dim, keepdim=True)).log()


DRILL = Drill(
    entry="log_softmax",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, 2.0, 3.0]),), kwargs={"dim": -1}, label="the prompt's example"),
        Case(args=(seeded(1, 3, 4),), kwargs={"dim": 0}, label="dim=0"),
        Case(args=(seeded(2, 2, 1, 5),), kwargs={"dim": 1}, label="length-1 axis"),
        Case(args=(torch.full((2, 3), 7.0),), kwargs={"dim": -1}, label="all equal"),
        Case(args=(seeded(3, 2, 3, 4),), kwargs={"dim": -2}, label="dim=-2"),
    ],
    extreme=[
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]]),), kwargs={"dim": -1}, scale=1e3,
             label="logits ±1000 (the prompt's second example)"),
        Case(args=(seeded(4, 4, 7, scale=1e4),), kwargs={"dim": -1}, scale=1e4, label="logits near 1e4"),
        Case(args=(seeded(5, 2, 4096),), kwargs={"dim": -1}, label="long rows"),
        Case(args=(torch.tensor([[-1e4, -1e4 - 1.0, -1e4 - 2.0]]),), kwargs={"dim": -1}, scale=1e4,
             label="all logits near -1e4"),
    ],
    invariants=[Invariant("exp sums to 1", exp_sums_to_one), Invariant("shift invariance", shift_invariant)],
    # Order matters: a mistake is named by the first entry whose output equals the learner's, and
    # the overflowing ones output ±inf, which first_difference takes as equal to anything.
    mistakes=[
        Mistake("log-softmax over a hard-coded axis (ignores `dim`)",
                like=lambda x, dim=-1: log_softmax(x, -1)),
        Mistake("the max subtracted but not added back: x - log(sum(exp(x - max))) is off by the max",
                like=lambda x, dim=-1: x - (x - x.amax(dim, keepdim=True)).exp().sum(dim, keepdim=True).log()),
        Mistake("log(softmax(x)): a probability that underflows to 0 gives -inf; stay in log space "
                "(x - max - log(sum(exp(x - max))))", like=log_of_softmax),
        Mistake("log-softmax without subtracting the max (exp overflows)",
                like=lambda x, dim=-1: x - x.exp().sum(dim, keepdim=True).log()),
        Mistake("log(softmax(x)) without subtracting the max (exp overflows)",
                like=lambda x, dim=-1: (x.exp() / x.exp().sum(dim, keepdim=True)).log()),
    ],
    banned=["torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax", "torch.special.softmax",
            "torch._softmax", "torch.log_softmax", "torch.nn.functional.log_softmax",
            "torch.Tensor.log_softmax", "torch.special.log_softmax", "torch._log_softmax", "torch.nn.Softmax",
            "torch.nn.LogSoftmax", "torch.logsumexp", "torch.Tensor.logsumexp", "torch.special.logsumexp"],
    speed=lambda: Case(args=(seeded(6, 4096, 32),), kwargs={"dim": -1}),
    speed_limit=50.0,
)
