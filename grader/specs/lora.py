"""lora: one module, three entries. Its forward (output and the gradients of x, lora_A and lora_B,
with every weight loaded non-zero, lora_B included), merge() (the weight it leaves and the output
after it) and __init__ (a freshly built layer: lora_B zero, lora_A not). Particular to it: the
frozen weight and the trainable adapters are read from the output's autograd graph, and the rank-r
bottleneck the prompt asks for is graded by counting the multiply-adds of the matrix products
(forming B @ A costs d_out · d_in · rank per call, the bottleneck tokens · rank · (d_in + d_out))."""
import math

from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine.counting import count_work
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="LoRA linear", zh="LoRA低秩适配", topic="positions and blocks", difficulty="medium", minutes=15,
            oracle="F.linear on the merged weight")
HINTS = [
    "Freeze with nn.Parameter(w, requires_grad=False): still a parameter (saved, moved by .to()), but "
    "autograd never computes its gradient. lora_B = nn.Parameter(torch.zeros(d_out, rank)).",
    "forward: x @ self.weight.T + (x @ self.lora_A.T) @ self.lora_B.T * (alpha / rank). "
    "x @ A.T is (..., rank): the cheap way through.",
    "merge: with torch.no_grad(): self.weight += scale * self.lora_B @ self.lora_A — (d_out, r) @ (r, d_in) "
    "is weight's shape — then set self.merged = True and skip the LoRA path in forward when it is set.",
]


def layer_case(init, x, seed=0, label="") -> Case:
    _, _, rank, alpha = init
    return Case(args=(x,), init=init, seed=seed, scale=max(1.0, alpha / rank), label=label)


def init_inputs(draw) -> tuple:
    d_in, d_out, rank = draw(st.integers(1, 8)), draw(st.integers(1, 8)), draw(st.integers(1, 4))
    return d_in, d_out, rank, draw(st.sampled_from([1.0, 4.0, 8.0, 16.0]))


def inputs(draw) -> Case:
    init = init_inputs(draw)
    lead = draw(st.lists(st.integers(1, 4), min_size=1, max_size=2))
    return layer_case(init, randn(draw, *lead, init[0]), seed=draw(st.integers(0, 2**16)))


# ---- the forward: which parameters a backward pass reaches, and the rank-r bottleneck -------------

def leaves_reached(out: torch.Tensor) -> list:
    """The tensors a backward pass from `out` gives a gradient to: the leaves of its autograd graph."""
    found, seen, todo = [], set(), [out.grad_fn]
    while todo:
        fn = todo.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        if hasattr(fn, "variable"):
            found.append(fn.variable.detach())
        todo += [f for f, _ in fn.next_functions]
    return found


def reached(call) -> dict:
    """{parameter name: whether a backward pass from the learner's output reaches it}, the module
    built with the weights the grader loads (each one recognised by its values)."""
    weights = {}
    out = call(layer_case((4, 4, 2, 8.0), seeded(1, 3, 4), seed=1), state=weights.update)
    leaves = leaves_reached(out) if isinstance(out, torch.Tensor) else []
    return {name: any(t.shape == w.shape and torch.equal(t, w) for t in leaves) for name, w in weights.items()}


def weight_frozen(call, case):
    if reached(call)["weight"]:
        raise Fail("a backward pass through the output reaches `weight`: training would update the pretrained "
                   "weight. Freeze it: nn.Parameter(..., requires_grad=False)", mistake=WEIGHT_NOT_FROZEN)


def adapters_trainable(call, case):
    untrained = [name for name, hit in reached(call).items() if name != "weight" and not hit]
    if untrained:
        raise Fail(f"a backward pass through the output never reaches {' and '.join(f'`{n}`' for n in untrained)}: "
                   f"the adapter matrices are what LoRA trains (requires_grad=True, and used in forward)",
                   mistake=ADAPTERS_FROZEN)


def through_the_bottleneck(call, case):
    """x (N, d_in) @ Wᵀ costs N·d_in·d_out multiply-adds; (x @ Aᵀ) @ Bᵀ costs N·r·(d_in + d_out) more.
    Forming B @ A, (d_out, d_in), costs d_out·d_in·r on every call whatever N."""
    N, d_in, d_out, rank = 2, 32, 32, 4
    _, madds = count_work(lambda: call(layer_case((d_in, d_out, rank, 8.0), seeded(1, N, d_in), seed=2)))
    allowed = N * d_in * d_out + N * rank * (d_in + d_out)
    if madds > allowed:
        raise Fail(f"forward on {N} tokens (d_in = d_out = {d_in}, rank {rank}) took {madds:,} multiply-adds in "
                   f"matrix products; x @ weight.T and the path through the rank-{rank} bottleneck need {allowed:,}. "
                   f"Is B @ A (d_out × d_in) formed on every call? Compute (x @ lora_A.T) @ lora_B.T",
                   mistake=B_A_FORMED)


# ---- merge(): the weight it leaves, and the output after it ---------------------------------------

def merged(merge, case, ns):
    """merge is the bound method of a layer holding the grader's weights: merge, then run forward."""
    layer = merge.__self__
    merge()
    return {"weight after merge()": layer.weight, "output after merge()": layer(case.kwargs["x"])}


def merge_case(init, x, seed=0, label="") -> Case:
    what = "merge(), then forward(x)"
    return Case(kwargs={"x": x}, init=init, seed=seed, scale=max(1.0, init[3] / init[2]),
                label=f"{label}: {what}" if label else what)


def merge_inputs(draw) -> Case:
    case = inputs(draw)
    return merge_case(case.init, case.args[0], case.seed)


def outside_autograd(call, case):
    weight = call(case)["weight after merge()"]
    if isinstance(weight, torch.Tensor) and weight.grad_fn is not None:
        raise Fail(f"after merge() `weight` is the output of {type(weight.grad_fn).__name__}: the update was "
                   f"folded in inside autograd, so weight now depends on lora_A and lora_B. Do it under "
                   f"torch.no_grad()", mistake=MERGED_IN_AUTOGRAD)


# ---- __init__: a freshly built layer, before the grader loads its weights --------------------------

def built(init, case, ns):
    """What __init__ leaves, on a layer of the file's own class built afresh (`init` is bound to one
    the grader has already loaded its weights into)."""
    layer = ns.LoRALinear(*case.init)
    return {"lora_B is zero": bool((layer.lora_B == 0).all()), "lora_A is not zero": bool((layer.lora_A != 0).any())}


def init_case(d_in, d_out, rank, alpha) -> Case:
    return Case(init=(d_in, d_out, rank, alpha), label="a newly built layer")


# ---- classic mistakes: one layer written as a learner would, with a flag -------------------------

def lora_like(mistake):
    """LoRALinear written as a learner would, with one classic mistake switched on: "scale alpha",
    "scale rank/alpha", "x B A", "B A formed", "weight trainable", "adapters frozen", "A zero",
    "B random", "merge without scale", "merge transposed", "merge counted twice", "merge does nothing",
    "merge in autograd"."""
    m = mistake

    class LoRALinear(nn.Module):
        def __init__(self, d_in, d_out, rank, alpha):
            super().__init__()
            self.scale = {"scale alpha": alpha, "scale rank/alpha": rank / alpha}.get(m, alpha / rank)
            self.weight = nn.Parameter(torch.randn(d_out, d_in) / math.sqrt(d_in),
                                       requires_grad=m == "weight trainable")
            a = torch.zeros(rank, d_in) if m == "A zero" else torch.randn(rank, d_in) / math.sqrt(d_in)
            b = torch.randn(d_out, rank) if m == "B random" else torch.zeros(d_out, rank)
            self.lora_A = nn.Parameter(a, requires_grad=m != "adapters frozen")
            self.lora_B = nn.Parameter(b, requires_grad=m != "adapters frozen")
            self.merged = False

        def forward(self, x):
            y = x @ self.weight.T
            if self.merged and m != "merge counted twice":
                return y
            if m == "x B A":
                return y + (x @ self.lora_B @ self.lora_A) * self.scale
            if m == "B A formed":
                return y + x @ (self.lora_B @ self.lora_A).T * self.scale
            return y + (x @ self.lora_A.T) @ self.lora_B.T * self.scale

        def merge(self):
            delta = self.lora_B @ self.lora_A * (1.0 if m == "merge without scale" else self.scale)
            if m == "merge transposed":
                delta = delta.T
            if m == "merge in autograd":
                self.weight.add_(delta)
            elif m != "merge does nothing":
                with torch.no_grad():
                    self.weight += delta
            self.merged = True
    return LoRALinear


SWAPPED = ("lora_A and lora_B in the wrong order or transposed: x (..., d_in) @ lora_A.T (d_in, r) @ lora_B.T "
           "(r, d_out)")
WEIGHT_NOT_FROZEN = "weight not frozen: create it with nn.Parameter(..., requires_grad=False)"
ADAPTERS_FROZEN = "lora_A or lora_B frozen (requires_grad=False) or left out of forward: they are what LoRA trains"
B_A_FORMED = ("the update formed as the (d_out, d_in) matrix B @ A on every call instead of going through the "
              "rank-r bottleneck (x @ lora_A.T) @ lora_B.T")
MERGED_IN_AUTOGRAD = "merge() changes weight in place inside autograd: wrap it in torch.no_grad()"
# a wrong scale shows in forward and in merge() alike
SCALED = [Mistake("update scaled by alpha instead of alpha / rank", like=lora_like("scale alpha")),
          Mistake("update scaled by rank / alpha instead of alpha / rank", like=lora_like("scale rank/alpha"))]

FORWARD = Entry(
    "LoRALinear",
    inputs=inputs,
    examples=[
        layer_case((2, 2, 1, 2.0), torch.tensor([[1.0, 2.0]]), label="the prompt's shapes"),
        layer_case((8, 6, 4, 16.0), seeded(1, 2, 3, 8), seed=1, label="rank 4, alpha 16: scale 4"),
        layer_case((5, 3, 2, 1.0), seeded(3, 7, 5), seed=2, label="alpha below rank: scale 0.5"),
        layer_case((4, 4, 2, 8.0), seeded(5, 3, 4), seed=3, label="square weight: d_in == d_out"),
        layer_case((3, 7, 1, 4.0), seeded(7, 3), seed=4, label="x without a batch axis, rank 1"),
    ],
    extreme=[
        layer_case((512, 256, 8, 16.0), seeded(9, 4, 512), seed=5, label="d_in 512, d_out 256"),
        layer_case((16, 16, 16, 32.0), seeded(11, 3, 16), seed=6, label="rank = d_in: full rank"),
    ],
    invariants=[Invariant("weight gets no gradient", weight_frozen, drawn=False),
                Invariant("lora_A and lora_B get gradients", adapters_trainable, drawn=False),
                Invariant("through the rank-r bottleneck", through_the_bottleneck, drawn=False)],
    mistakes=SCALED + [
        Mistake(SWAPPED, error="shapes cannot be multiplied|size mismatch|must match the size"),
        Mistake(SWAPPED, like=lora_like("x B A")),             # runs only when d_in == d_out, and is wrong there
        Mistake(WEIGHT_NOT_FROZEN, like=lora_like("weight trainable")),
        Mistake(ADAPTERS_FROZEN, like=lora_like("adapters frozen")),
        Mistake(B_A_FORMED, like=lora_like("B A formed"),
                hint="x @ lora_A.T is (..., rank): multiplying by lora_B.T after it costs tokens · rank · (d_in + "
                     "d_out), while B @ A is a full (d_out, d_in) matrix, as costly as the frozen weight."),
    ],
    loops=Loops(small=layer_case((16, 16, 4, 8.0), seeded(12, 2, 3, 16)),
                large=layer_case((16, 16, 4, 8.0), seeded(13, 6, 5, 16)), over="the tokens"),
    speed=Speed(lambda seed: layer_case((16, 16, 4, 8.0), seeded(seed, 2048, 4, 16)), limit=30.0),
)

MERGE = Entry(
    "LoRALinear.merge",
    inputs=merge_inputs,
    run=merged,
    examples=[
        merge_case((2, 2, 1, 2.0), torch.tensor([[1.0, 2.0]]), label="the prompt's shapes"),
        merge_case((8, 6, 4, 16.0), seeded(1, 2, 3, 8), seed=1, label="rank 4, alpha 16: scale 4"),
        merge_case((4, 4, 2, 8.0), seeded(5, 3, 4), seed=3, label="square weight: d_in == d_out"),
        merge_case((3, 7, 1, 4.0), seeded(7, 3), seed=4, label="rank 1"),
    ],
    invariants=[Invariant("merged outside autograd", outside_autograd)],
    mistakes=SCALED + [
        Mistake("merge() folds B @ A in without the alpha / rank scale", like=lora_like("merge without scale")),
        Mistake("merge() adds (B @ A).T: lora_B @ lora_A is (d_out, d_in), weight's own shape",
                like=lora_like("merge transposed"), error="must match the size of tensor"),
        Mistake("after merge() forward still adds the LoRA path: the update is counted twice",
                like=lora_like("merge counted twice")),
        Mistake("merge() does not change weight", like=lora_like("merge does nothing")),
        Mistake(MERGED_IN_AUTOGRAD, like=lora_like("merge in autograd"),
                error="Cannot assign non-leaf Tensor to parameter|a leaf Variable that requires grad is being "
                      "used in an in-place operation"),
    ],
    grad=False,                    # merging is bookkeeping outside autograd
)

INIT = Entry(
    "LoRALinear.__init__",
    inputs=lambda draw: init_case(*init_inputs(draw)),
    run=built,
    examples=[init_case(2, 2, 1, 2.0), init_case(8, 6, 4, 16.0), init_case(3, 7, 1, 4.0)],
    mistakes=[
        Mistake("lora_B not zero at init: with B = 0 the adapted layer starts exactly as the pretrained one",
                like=lora_like("B random")),
        Mistake("lora_A zero at init: with A and B both zero neither ever gets a gradient (each one's gradient "
                "is proportional to the other)", like=lora_like("A zero")),
    ],
    grad=False,
    device=False,                  # a new layer is made on the CPU: nothing comes in on a device
)

DRILL = Drill(entries=[FORWARD, MERGE, INIT])
