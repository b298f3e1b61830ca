from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded
from reference.softmax import softmax

META = dict(title="Softmax", zh="手撕softmax", topic="basics", difficulty="easy", minutes=5,
            follow_ups=[{"ask": "Now the log-softmax, stable for logits near 1e4, without calling softmax.", "drill": "log_softmax"}])
HINTS = [
    "softmax(x) = softmax(x - c) for any constant c along `dim`: pick c so exp never overflows.",
    "Take the max with keepdim=True, so the result broadcasts back against x along `dim`.",
    "z = x - x.amax(dim, keepdim=True); e = z.exp(); return e / e.sum(dim, keepdim=True)",
]


def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    scale = draw(st.sampled_from([1.0, 10.0, 100.0]))
    return Case(args=(randn(draw, *shape, scale=scale),), kwargs={"dim": dim}, scale=scale)


def rows_sum_to_one(call, case):
    out = call(case)
    total = out.sum(case.kwargs["dim"])
    if not torch.allclose(total, torch.ones_like(total), atol=1e-5):
        raise Fail(f"slices along dim={case.kwargs['dim']} sum to {total.flatten()[:4].tolist()}, not 1")


def shift_invariant(call, case):
    x = case.args[0]
    shifted = Case(args=(x + 50.0,), kwargs=case.kwargs)
    a, b = call(case), call(shifted)
    if not torch.allclose(a, b, atol=1e-5):
        raise Fail(f"adding 50 to every input changed the output by {(a - b).abs().max().item():.2g}")


DRILL = Drill(
    entry="softmax",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, 2.0, 3.0]),), kwargs={"dim": -1}, label="the prompt's example"),
        Case(args=(seeded(1, 3, 4),), kwargs={"dim": 0}, label="dim=0"),
        Case(args=(seeded(2, 2, 1, 5),), kwargs={"dim": 1}, label="length-1 axis"),
        Case(args=(torch.full((2, 3), 7.0),), kwargs={"dim": -1}, label="all equal"),
    ],
    extreme=[
        Case(args=(seeded(3, 4, 7, scale=1e4),), kwargs={"dim": -1}, scale=1e4, label="logits near 1e4"),
        Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]]),), kwargs={"dim": -1}, scale=1e3, label="logits ±1000"),
        Case(args=(seeded(4, 2, 4096),), kwargs={"dim": -1}, label="long rows"),
    ],
    invariants=[Invariant("rows sum to 1", rows_sum_to_one), Invariant("shift invariance", shift_invariant)],
    mistakes=[
        Mistake("softmax without subtracting the max (exp overflows)",
                like=lambda x, dim=-1: x.exp() / x.exp().sum(dim, keepdim=True)),
        Mistake("softmax over a hard-coded axis (ignores `dim`)", like=lambda x, dim=-1: softmax(x, -1)),
        Mistake("max taken over the whole tensor instead of along `dim`",
                like=lambda x, dim=-1: (x - x.max()).exp() / (x - x.max()).exp().sum(dim, keepdim=True)),
    ],
    banned=["torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax", "torch.special.softmax",
            "torch.log_softmax", "torch.nn.functional.log_softmax", "torch.Tensor.log_softmax",
            "torch.special.log_softmax", "torch._softmax", "torch.nn.Softmax", "torch.nn.LogSoftmax"],
    speed=lambda: Case(args=(seeded(5, 4096, 128),), kwargs={"dim": -1}),
    speed_limit=15.0,
)
