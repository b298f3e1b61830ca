"""custom_autograd: one entry, `logsumexp`, through which the learner's `LogSumExp` Function is graded:
its values (the forward), the engine's gradients (they run the learner's backward), and invariants
that need no reference: the output comes from a LogSumExp node, torch.autograd.gradcheck and
gradgradcheck in float64, and a backward that calls no autograd (it is called directly, under a
guard of its own, since autograd runs it outside the learner's calls). Particular to it: rows up to
±1e4 and rows far apart (a global max underflows), a square input where grad_out not unsqueezed
broadcasts silently, n = 1, and the classic mistakes of saving the wrong tensor."""
import torch
from hypothesis import strategies as st
from torch.autograd.gradcheck import GradcheckError

from grader.engine.guards import BannedCalls, learner_code
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.pipeline import AUTOGRAD
from grader.engine.runner import LearnerRaised
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Custom autograd Function", zh="自定义autograd函数", topic="training", difficulty="medium",
            minutes=20, oracle="torch.logsumexp and torch.autograd.gradcheck / gradgradcheck in float64")
HINTS = [
    "forward: m = x.amax(-1, keepdim=True); out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1). "
    "exp only ever sees numbers <= 0, and each row uses its own max.",
    "Save the input and the OUTPUT: ctx.save_for_backward(x, out). softmax(x) = exp(x - out) needs no new "
    "max and no division, and cannot overflow.",
    "grad_out is (...), x is (..., n): unsqueeze grad_out to (..., 1) before multiplying, or it broadcasts "
    "along the wrong axis (silently, when the sizes happen to match).",
    "return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()  — torch ops on saved tensors, so autograd "
    "can differentiate the backward too (double backward).",
]


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    n = draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0, 100.0]))
    x = randn(draw, *lead, n, scale=scale) + draw(st.sampled_from([0.0, 0.0, 50.0, -500.0]))
    return Case(args=(x,), scale=max(1.0, x.abs().max().item()) / 10, seed=draw(st.integers(0, 2**16)))


def case(x, label="") -> Case:
    return Case(args=(x,), scale=max(1.0, x.abs().max().item()) / 10, label=label)


# ---- the Function's node, and the checks that run the learner's backward ------------------------------

def function_node(out, depth: int = 4):
    """The LogSumExpBackward node in the graph of out (within a few steps of its grad_fn), or None."""
    frontier = [getattr(out, "grad_fn", None)]
    for _ in range(depth):
        following = []
        for node in frontier:
            if node is None:
                continue
            if getattr(getattr(node, "_forward_cls", None), "__name__", "") == "LogSumExp":
                return node
            following += [f for f, _ in node.next_functions]
        frontier = following
    return None


def small_float64(case) -> torch.Tensor:
    """The case's x in float64 as a fresh leaf, at most about 48 elements (gradcheck perturbs each)."""
    x = case.args[0].detach().double()
    if x.numel() > 48:
        x = x.reshape(-1, x.shape[-1])[:max(1, 48 // x.shape[-1])]
    return x.clone().requires_grad_()


def traced(call, x):
    with torch.enable_grad():
        out = call(Case(args=(x,)))
    if not isinstance(out, torch.Tensor):
        raise Fail(f"logsumexp returned {type(out).__name__}, not a tensor")
    return out


def applies_the_function(call, case):
    x = case.args[0].detach().clone().requires_grad_()
    if function_node(traced(call, x)) is None:
        raise Fail("logsumexp(x)'s output has no LogSumExpBackward node in its graph: the gradient does not come "
                   "from your LogSumExp.backward. Return LogSumExp.apply(x)")


AUTOGRAD_IN_BACKWARD = ("LogSumExp.backward calls autograd on a recomputed forward: write the gradient from the "
                        "saved tensors, grad_out * exp(x - out)")


def backward_by_hand(call, case):
    """The learner's backward, called directly (autograd would call it outside the learner's calls,
    where the banned-call guard does not watch), makes no autograd call."""
    x = case.args[0].detach().clone().requires_grad_()
    out = traced(call, x)
    node = function_node(out)
    if node is None or node is not out.grad_fn:
        return                          # "applies LogSumExp" says what is wrong
    guard = BannedCalls(AUTOGRAD)
    upstream = torch.randn(out.shape, generator=torch.Generator().manual_seed(case.seed), dtype=out.dtype)
    try:
        with learner_code(30.0), guard, torch.enable_grad():
            node.apply(upstream)
    except Exception:
        pass                            # what it raises, the gradient checks report
    if guard.seen:
        raise Fail(f"LogSumExp.backward called {', '.join(guard.seen)}: the backward is written by hand from the "
                   f"saved tensors, without autograd", mistake=AUTOGRAD_IN_BACKWARD)


def first_line(e: Exception) -> str:
    lines = str(e).strip().splitlines()
    return lines[0].rstrip(",") if lines else type(e).__name__


def run_check(check, fn, x, what):
    """gradcheck or gradgradcheck of fn at x; a Fail that says what differed or what raised."""
    try:
        with torch.enable_grad():
            check(fn, (x,))
    except GradcheckError as e:
        raise Fail(f"torch.autograd.{check.__name__} in float64 at x {tuple(x.shape)} failed: {first_line(e)}: "
                   f"{what}") from None
    except LearnerRaised:
        raise                           # the forward raised: reported as such
    except Exception as e:
        raise Fail(f"torch.autograd.{check.__name__} in float64 at x {tuple(x.shape)}: your backward raised "
                   f"{type(e).__name__}: {first_line(e)}") from None


def passes_gradcheck(call, case):
    x = small_float64(case)
    run_check(torch.autograd.gradcheck, lambda t: call(Case(args=(t,))), x,
              "the Jacobian your backward gives (analytical) differs from central differences of your forward "
              "(numerical)")


NOT_DIFFERENTIABLE = ("backward not differentiable (double backward fails): compute it with torch operations on "
                      "tensors saved from forward's INPUTS and OUTPUTS (a saved intermediate, such as the softmax, "
                      "is a constant to autograd), without .detach(), torch.no_grad() or @once_differentiable")


def passes_gradgradcheck(call, case):
    x = small_float64(case)

    def fn(t):
        return call(Case(args=(t,)))
    try:
        with torch.enable_grad():
            torch.autograd.gradcheck(fn, (x,))
    except Exception:
        return                          # a wrong first derivative: gradcheck says so
    out = traced(call, x)
    gen = torch.Generator().manual_seed(case.seed)
    with torch.enable_grad():
        (dx,) = torch.autograd.grad(out, x, torch.randn(out.shape, generator=gen, dtype=x.dtype), create_graph=True)
        if not dx.requires_grad:
            raise Fail("the gradient your backward returns is not part of any autograd graph, so it cannot be "
                       "differentiated again (computed from an intermediate saved in forward, from detached tensors, "
                       "under torch.no_grad(), or in NumPy?)", mistake=NOT_DIFFERENTIABLE)
        try:
            (second,) = torch.autograd.grad(dx, x, torch.randn(dx.shape, generator=gen, dtype=x.dtype),
                                            allow_unused=True)
        except RuntimeError as e:
            raise Fail(f"differentiating your backward raised: {first_line(e)}", mistake=NOT_DIFFERENTIABLE) from None
    if second is None:
        raise Fail("the gradient your backward returns does not depend on x through autograd (an intermediate saved "
                   "in forward, or a detached tensor?), so double backward gives nothing", mistake=NOT_DIFFERENTIABLE)
    run_check(torch.autograd.gradgradcheck, fn, x,
              "differentiating your backward (double backward) disagrees with central differences of it")


# ---- classic mistakes, written as a learner would -------------------------------------------------------

def function_like(*, save="output", stable=True, global_max=False, add_max=True, upstream="unsqueezed"):
    """logsumexp through a LogSumExp Function with at most one classic mistake."""
    class LogSumExp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            if not stable:
                out = x.exp().sum(-1).log()
            else:
                m = x.amax() if global_max else x.amax(-1, keepdim=True)
                out = (x - m).exp().sum(-1, keepdim=True).log() + (m if add_max else 0)
                out = out.squeeze(-1)
            ctx.save_for_backward(x, out, x.amax(-1, keepdim=True))
            return out

        @staticmethod
        def backward(ctx, grad_out):
            x, out, m = ctx.saved_tensors
            if save == "max":               # the max saved instead of the result: not normalised
                p = (x - m).exp()
            elif save == "input":           # recomputed from x alone: exp(x) overflows
                p = x.exp() / x.exp().sum(-1, keepdim=True)
            else:
                p = (x - out.unsqueeze(-1)).exp()
            if upstream == "ignored":
                return p
            return (grad_out if upstream == "as is" else grad_out.unsqueeze(-1)) * p

    def logsumexp(x):
        return LogSumExp.apply(x)
    return logsumexp


DRILL = Drill(entries=[Entry(
    "logsumexp",
    inputs=inputs,
    examples=[
        case(torch.tensor([1.0, 2.0, 3.0]), "the prompt's example"),
        case(seeded(1, 4, 4, scale=2.0), "a square (4, 4) input: grad_out (4,) broadcasts against it silently"),
        case(seeded(2, 2, 3, 5, scale=3.0), "(2, 3, 5)"),
        case(seeded(3, 3, 1), "n = 1: the output is x itself"),
        case(seeded(4, 6, scale=10.0), "one row, values near ±10"),
        case(torch.tensor([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [-3.0, 2.0, 0.5]]), "ties"),
    ],
    extreme=[
        case(torch.tensor([[1000.0, 1000.0], [-1000.0, -1000.0]]), "the prompt's ±1000"),
        case(seeded(5, 3, 5, scale=1e4), "values near ±1e4"),
        case(torch.stack([seeded(6, 4), seeded(7, 4) - 300.0, seeded(8, 4) + 300.0]),
             "rows 300 apart: each row needs its own max"),
        case(seeded(9, 2, 4096, scale=5.0), "rows of 4096"),
    ],
    invariants=[
        Invariant("goes through LogSumExp", applies_the_function),
        Invariant("backward without autograd", backward_by_hand),
        Invariant("gradcheck", passes_gradcheck),
        Invariant("gradgradcheck (double backward)", passes_gradgradcheck),
    ],
    mistakes=[
        Mistake("the max saved instead of the result: backward's exp(x - m) is not normalised; softmax is "
                "exp(x - out)", like=function_like(save="max"),
                hint="Save the output: ctx.save_for_backward(x, out); then softmax(x) = exp(x - out)."),
        Mistake("backward recomputes exp(x) / sum(exp(x)) from the input: exp overflows (inf / inf = NaN); use "
                "the saved output, exp(x - out)", like=function_like(save="input")),
        Mistake("grad_out ignored: backward returns softmax(x) alone, which is only right when L = out.sum()",
                like=function_like(upstream="ignored")),
        Mistake("grad_out not unsqueezed: (...) against (..., n) broadcasts along the last axis; use "
                "grad_out.unsqueeze(-1)", like=function_like(upstream="as is")),
        Mistake("log-sum-exp without subtracting the max: exp overflows for large x and underflows to log(0) for "
                "very negative rows", like=function_like(stable=False)),
        Mistake("one max for the whole tensor instead of each row's: a row far below it underflows to log(0) = -inf",
                like=function_like(global_max=True)),
        Mistake("the max subtracted but not added back: out = m + log(sum(exp(x - m)))",
                like=function_like(add_max=False)),
        Mistake(AUTOGRAD_IN_BACKWARD),
        Mistake(NOT_DIFFERENTIABLE,
                hint="Autograd can differentiate your backward only through tensors it tracks: save x and out (an "
                     "input and an output), not the softmax computed inside forward, and compute exp(x - out) in "
                     "backward with torch operations."),
    ],
    loops=Loops(small=case(seeded(10, 3, 8)), large=case(seeded(10, 9, 8)), over="the rows"),
    speed=Speed(lambda seed: case(seeded(seed, 2048, 64, scale=5.0)), limit=30.0),
)], banned=kit.SOFTMAX_BANNED + kit.LOGSUMEXP_BANNED)
