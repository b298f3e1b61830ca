"""softmax: one function over any `dim`. Particular to it: inputs of any rank with a drawn dim,
logits up to 1e4, rows that sum to 1 and ignore a constant shift, and the classic mistakes of
overflow (no max subtracted), a hard-coded axis and a max over the whole tensor."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Softmax", zh="手撕softmax", topic="basics", difficulty="easy", minutes=5,
            follow_ups=[{"ask": "Now the log-softmax, stable for logits near 1e4, without calling softmax.", "drill": "log_softmax"}],
            oracle="torch.softmax")
HINTS = [
    "softmax(x) = softmax(x - c) for any constant c along `dim`: pick c so exp never overflows.",
    "Take the max with keepdim=True, so the result broadcasts back against x along `dim`.",
    "z = x - x.amax(dim, keepdim=True); e = z.exp(); return e / e.sum(dim, keepdim=True)",
]


def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    scale = draw(st.sampled_from([1.0, 10.0, 100.0]))
    return Case(args=(kit.randn(draw, *shape, scale=scale),), kwargs={"dim": dim}, scale=scale)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def no_max_subtracted(x, dim=-1):
    e = x.exp()
    return e / e.sum(dim, keepdim=True)


def last_axis(x, dim=-1):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def global_max(x, dim=-1):
    e = (x - x.max()).exp()
    return e / e.sum(dim, keepdim=True)


DRILL = Drill(
    entries=[Entry(
        "softmax",
        inputs=inputs,
        examples=[
            Case(args=(torch.tensor([1.0, 2.0, 3.0]),), kwargs={"dim": -1}, label="the prompt's example"),
            Case(args=(kit.seeded(1, 3, 4),), kwargs={"dim": 0}, label="dim=0"),
            Case(args=(kit.seeded(2, 2, 1, 5),), kwargs={"dim": 1}, label="length-1 axis"),
            Case(args=(torch.full((2, 3), 7.0),), kwargs={"dim": -1}, label="all equal"),
            Case(args=(kit.seeded(6, 2, 5),), label="dim left to its default (-1)"),
        ],
        extreme=[
            Case(args=(kit.seeded(3, 4, 7, scale=1e4),), kwargs={"dim": -1}, scale=1e4, label="logits near ±1e4"),
            Case(args=(torch.tensor([[1000.0, 0.0, -1000.0]]),), kwargs={"dim": -1}, scale=1e3, label="logits ±1000"),
            Case(args=(-kit.seeded(7, 3, 6, scale=1e4).abs(),), kwargs={"dim": 0}, scale=1e4,
                 label="logits near -1e4 along dim 0"),
            Case(args=(kit.seeded(4, 2, 4096),), kwargs={"dim": -1}, label="long rows"),
        ],
        invariants=[kit.rows_sum_to_one(), kit.shift_invariance()],
        mistakes=[
            Mistake("softmax without subtracting the max (exp overflows)", like=no_max_subtracted,
                    hint="exp(1000) is inf in float32: subtract the max along `dim` first "
                         "(softmax(x) = softmax(x - c))."),
            Mistake("softmax over a hard-coded axis (ignores `dim`)", like=last_axis,
                    hint="Use `dim` everywhere: x.amax(dim, keepdim=True) and .sum(dim, keepdim=True)."),
            Mistake("max taken over the whole tensor instead of along `dim`", like=global_max,
                    hint="x.max() is one number for the whole tensor: far-apart rows underflow to 0/0. "
                         "Take x.amax(dim, keepdim=True)."),
        ],
        loops=Loops(small=Case(args=(kit.seeded(8, 3, 4, 5),), kwargs={"dim": -1}),
                    large=Case(args=(kit.seeded(9, 7, 9, 11),), kwargs={"dim": -1}), over="the rows"),
        speed=Speed(lambda seed: Case(args=(kit.seeded(seed, 4096, 128),), kwargs={"dim": -1}), limit=30.0),
    )],
    banned=kit.SOFTMAX_BANNED,
)
