"""linear: one function, x (..., d_in) -> (..., d_out). Particular to it: any number of leading dims
(none and an empty batch included), the bias passed, None or left out, rows mapped independently,
and the mistakes of a missing transpose, an unhandled bias=None and a product that knows only 2-D x."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Linear layer", zh="线性层", topic="basics", difficulty="easy", minutes=5,
            oracle="F.linear")
HINTS = [
    "weight is (d_out, d_in), one row per output: each output feature is the dot product of x's last "
    "dim with one row of weight, so you multiply by weight transposed.",
    "`@` (torch.matmul) treats every leading dim of x as a batch dim: no reshape, no loop needed. "
    "torch.mm and .t() only know 2-D matrices.",
    "y = x @ weight.T; add bias only when it is not None (a new tensor, not in place); return y",
]


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))
    d_in, d_out = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1.0, 10.0, 1e3]))
    x, weight = randn(draw, *lead, d_in, scale=scale), randn(draw, d_out, d_in)
    bias = draw(st.sampled_from(["tensor", "None", "left out"]))
    if bias == "tensor":
        args = (x, weight, randn(draw, d_out, scale=scale))
    else:
        args = (x, weight, None) if bias == "None" else (x, weight)
    return Case(args=args, scale=scale)


def rows_independent(call, case):
    x, weight = case.args[:2]
    if x.dim() < 2 or x[..., 0].numel() < 2:
        return
    changed = x.clone()
    changed.view(-1, x.shape[-1])[0] += 1.0   # change the first row only
    a, b = call(case), call(Case(args=(changed,) + case.args[1:], scale=case.scale))
    shape = x.shape[:-1] + weight.shape[:1]
    if not isinstance(a, torch.Tensor) or a.shape != shape:
        raise Fail(f"expected a tensor of shape {tuple(shape)}, got "
                   f"{tuple(a.shape) if isinstance(a, torch.Tensor) else type(a).__name__}")
    diff = (a - b).abs().reshape(-1, a.shape[-1])[1:].max()
    if diff > 1e-6 * case.scale:
        raise Fail(f"changing the first row of x changed the output of another row by {diff.item():.2g}: "
                   f"each row must be mapped on its own")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def not_transposed(x, weight, bias=None):
    y = x @ weight
    return y if bias is None else y + bias


DRILL = Drill(entries=[Entry(
    "linear",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0]]),
                   torch.tensor([0.0, 0.5, 1.0])), label="the prompt's example"),
        Case(args=(seeded(1, 2, 3, 4), seeded(2, 5, 4)), label="bias left out, (B, S, d_in) input"),
        Case(args=(seeded(3, 4), seeded(4, 3, 4), seeded(5, 3)), label="x with no leading dims"),
        Case(args=(seeded(6, 2, 3, 4), seeded(7, 6, 4), None), label="bias=None"),
        Case(args=(seeded(8, 2, 1, 3, 5), seeded(9, 1, 5), seeded(10, 1)), label="d_out = 1, four dims"),
        Case(args=(seeded(11, 3, 1), seeded(12, 4, 1), seeded(13, 4)), label="d_in = 1"),
        Case(args=(seeded(14, 3, 3), seeded(15, 3, 3), seeded(16, 3)), label="square weight"),
        Case(args=(torch.zeros(0, 4), seeded(17, 3, 4), seeded(18, 3)), label="empty batch"),
    ],
    extreme=[
        Case(args=(seeded(19, 4, 6, scale=1e3), seeded(20, 5, 6), seeded(21, 5, scale=1e3)), scale=1e3,
             label="inputs near ±1000"),
        Case(args=(seeded(22, 3, 4096), seeded(23, 8, 4096), seeded(24, 8)), scale=64.0, label="long rows"),
    ],
    invariants=[Invariant("rows independent", rows_independent)],
    mistakes=[
        Mistake("x @ weight instead of x @ weight.T (weight is (d_out, d_in))", like=not_transposed,
                error=r"shapes cannot be multiplied|size mismatch|Expected size for first two dimensions",
                hint="weight is (d_out, d_in): x (..., d_in) @ weight.T (d_in, d_out) gives (..., d_out)."),
        Mistake("bias=None not handled (adding None)", error=r"NoneType",
                hint="With bias=None there is no bias term: add it only `if bias is not None`."),
        Mistake("works only for 2-D x (torch.mm / .t() know only matrices; use @ over the leading dims)",
                error=r"must be a matrix|expected 2D|2D tensor|2-D tensor"),
        Mistake("weight transposed in place (weight.t_()): the caller's weight is changed",
                check="inputs unchanged"),
    ],
    loops=Loops(small=Case(args=(seeded(25, 3, 8), seeded(26, 8, 8), seeded(27, 8))),
                large=Case(args=(seeded(28, 11, 8), seeded(26, 8, 8), seeded(27, 8))), over="the rows of x"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 4, 8), seeded(seed + 1, 8, 8), seeded(seed + 2, 8))),
                limit=60.0),
)], banned=["torch.nn.functional.linear", "torch.nn.Linear"])
