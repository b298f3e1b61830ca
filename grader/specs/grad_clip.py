"""grad_clip: one function that scales its inputs in place by design: the gradients are its outputs.
The run hands it fresh copies in a fresh list and returns (total_norm, the copies afterwards), so
values compare both and the case's own tensors are never touched. Particular to it: gradients of
any shapes (0-dim included) from 1e-3 to 1e15, max_norm on both sides of the global norm (kept out
of the eps window where "above max_norm" and PyTorch's min(1, ·) differ), the invariants of one
common factor and a norm at most max_norm afterwards, torch.nn.utils' clipping functions banned
(Python functions, seen by the guard's profile hook), a device check that follows provenance when
the code reads values (`if total_norm > max_norm:`), and the mistakes of per-tensor norms, clipping
up, not in place, the norm after clipping, and the wrong norms."""
import math

from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Gradient clipping by global norm", zh="梯度裁剪", topic="training", difficulty="easy",
            minutes=10,
            oracle="nn.utils.clip_grad_norm_")
HINTS = [
    "The global norm treats every element of every tensor as one long vector: total_norm = sqrt(sum of "
    "g.pow(2).sum() over the tensors), equivalently the norm of the per-tensor norms.",
    "One factor for all tensors: when total_norm > max_norm, scale = max_norm / (total_norm + eps); below, "
    "nothing changes. Every tensor shrinks by the same factor, so the update keeps its direction.",
    "In place: for g in grads: g.mul_(scale). Keep scale a tensor ((max_norm / (total_norm + eps)).clamp(max=1.0)) "
    "and return total_norm, the norm from before the clipping.",
]


def run(impl, case, ns):
    """Clip copies the grader made (so the case itself is never touched), passed in a fresh list: the
    learner's function must scale these very tensors. Both its return value and the tensors are compared."""
    grads, *rest = case.args
    mine = [g.clone() for g in grads]
    total = impl(list(mine), *rest, **case.kwargs)
    return total, mine


def norm_of(grads) -> float:
    return math.sqrt(sum(g.double().pow(2).sum().item() for g in grads))


def make(grads, max_norm, label="", **kwargs) -> Case:
    scale = max(g.abs().max().item() if g.numel() else 0.0 for g in grads)
    return Case(args=(grads, max_norm), kwargs=kwargs, scale=max(scale, 1e-30), label=label)


SIZES, SCALES = st.integers(1, 5), st.sampled_from([1e-3, 1.0, 100.0])
FACTORS = st.sampled_from([0.05, 0.5, 0.9, 1.1, 3.0])      # max_norm / global norm: both branches
EPS = st.sampled_from([1e-6, 1e-2, 0.5])


def inputs(draw) -> Case:
    scale = draw(SCALES)
    grads = []
    for _ in range(draw(st.integers(1, 4))):
        shape = [draw(SIZES) for _ in range(draw(st.integers(0, 3)))]
        grads.append(randn(draw, *shape, 1, scale=scale).reshape(shape))      # [] -> a 0-dim tensor
    total, factor, eps = norm_of(grads), draw(FACTORS), draw(EPS)
    # "scale when total_norm > max_norm" and PyTorch's min(1, max_norm / (total_norm + eps)) differ only
    # for max_norm - eps < total_norm <= max_norm: keep max_norm out of that window
    max_norm = float(f"{total * factor:.4g}") + (2 * eps if factor > 1 else 0.0)
    return make(grads, max_norm, **({} if eps == 1e-6 else {"eps": eps}))


def below_max_norm(call, case):
    _, max_norm = case.args
    _, after = call(case)
    got = norm_of(after)
    if got > max_norm * (1 + 1e-4):
        raise Fail(f"after clipping, the global norm of the gradients is {got:.6g}, above max_norm={max_norm:g}")


def one_common_factor(call, case):
    before = case.args[0]
    _, after = call(case)
    factors = {i: (a.double() * b.double()).sum().item() / b.double().pow(2).sum().item()
               for i, (a, b) in enumerate(zip(after, before)) if b.abs().sum()}
    first = min(factors, default=None)
    for i, factor in factors.items():
        a, b = after[i].double(), before[i].double()
        if not torch.allclose(a, b * factors[first], rtol=1e-4, atol=1e-6 * b.abs().max().item()):
            raise Fail(f"tensor {i} was scaled by {factor:.6g} but tensor {first} by {factors[first]:.6g} (or not "
                       f"scaled uniformly): clipping by the GLOBAL norm multiplies every gradient by one factor, "
                       f"keeping the update's direction")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def global_norm(grads):
    return torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in grads]))


def per_tensor(grads, max_norm, eps=1e-6):
    total = global_norm(grads)
    for g in grads:
        g.mul_((max_norm / (torch.linalg.vector_norm(g) + eps)).clamp(max=1.0))
    return total


def always_scaled(grads, max_norm, eps=1e-6):
    total = global_norm(grads)
    for g in grads:
        g.mul_(max_norm / (total + eps))
    return total


def not_in_place(grads, max_norm, eps=1e-6):
    total = global_norm(grads)
    scale = (max_norm / (total + eps)).clamp(max=1.0)
    grads[:] = [g * scale for g in grads]
    return total


def clipped_norm_returned(grads, max_norm, eps=1e-6):
    scale = (max_norm / (global_norm(grads) + eps)).clamp(max=1.0)
    for g in grads:
        g.mul_(scale)
    return global_norm(grads)


def sum_of_norms(grads, max_norm, eps=1e-6):
    total = torch.stack([torch.linalg.vector_norm(g) for g in grads]).sum()
    for g in grads:
        g.mul_((max_norm / (total + eps)).clamp(max=1.0))
    return total


def squared_norm(grads, max_norm, eps=1e-6):
    total = torch.stack([g.pow(2).sum() for g in grads]).sum()
    for g in grads:
        g.mul_((max_norm / (total + eps)).clamp(max=1.0))
    return total


def eps_ignored(grads, max_norm, eps=1e-6):
    total = global_norm(grads)
    for g in grads:
        g.mul_((max_norm / total).clamp(max=1.0))
    return total


def python_float(grads, max_norm, eps=1e-6):
    total = global_norm(grads)
    for g in grads:
        g.mul_((max_norm / (total + eps)).clamp(max=1.0))
    return total.item()


def grads_case(seed, rows):
    return make([seeded(seed, rows, 8), seeded(seed + 1, rows), seeded(seed + 2, 2, rows)], 0.5)


DRILL = Drill(entries=[Entry(
    "clip_grad_norm",
    inputs=inputs,
    run=run,
    examples=[
        make([torch.tensor([3.0, 0.0]), torch.tensor([[4.0]])], 1.0, "the prompt's example"),
        make([seeded(1, 4, 3), seeded(2, 5)], 100.0, "below max_norm: left as they are"),
        make([seeded(3, 2, 3, 4)], 0.5, "one tensor"),
        make([torch.tensor(2.0), torch.tensor(-1.0), seeded(4, 3)], 0.1, "0-dim tensors"),
        make([torch.zeros(3), torch.zeros(2, 2)], 1.0, "all zero: norm 0, nothing to clip, no NaN"),
        make([seeded(5, 6), seeded(6, 2, 3)], 1.0, "eps = 0.5 is used", eps=0.5),
    ],
    extreme=[
        make([seeded(i, 4, 4) for i in range(200)], 1.0, "200 tensors"),
        make([seeded(7, 1000, 1000)], 1.0, "one tensor of 1,000,000 elements"),
        make([seeded(8, 64, 64, scale=1e15), seeded(9, 10, scale=1e15)], 1.0, "gradients near 1e15"),
    ],
    invariants=[
        Invariant("global norm at most max_norm afterwards", below_max_norm),
        Invariant("one scale factor for all tensors", one_common_factor),
    ],
    mistakes=[
        Mistake("per-tensor norm: each tensor clipped by its own norm instead of the global norm", like=per_tensor),
        Mistake("clipping when below max_norm (scaled up): scale only when total_norm > max_norm",
                like=always_scaled),
        Mistake("not in place: the gradients in `grads` must be scaled themselves (g.mul_), not replaced",
                like=not_in_place),
        Mistake("returned the norm after clipping; return the total norm from before", like=clipped_norm_returned),
        Mistake("total norm as the sum of the per-tensor norms; it is sqrt(sum of their squares)",
                like=sum_of_norms),
        Mistake("total norm without the square root (sum of squares)", like=squared_norm),
        Mistake("eps left out: the factor is max_norm / (total_norm + eps)", like=eps_ignored),
        Mistake("total norm returned as a Python float (.item()); return the 0-dim tensor", like=python_float),
    ],
    grad=False,                          # clipping runs on gradients, outside autograd
    loops=Loops(small=grads_case(10, 3), large=grads_case(20, 11), over="the elements of a gradient"),
    speed=Speed(lambda seed: Case(args=([seeded(seed + i, 64, 64) for i in range(32)], 1.0)), limit=30.0),
)], banned=["torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad_norm",
            "torch.nn.utils.clip_grads_with_norm_", "torch.nn.utils.get_total_norm"])
