"""tensor_parallel_mlp: a Megatron MLP on a real gloo process group of 2 to 4 ranks. Each rank builds
the learner's module from the full weights, runs forward and backward with the same upstream gradient,
and returns its output, its gradients (x's and its own shards') and the collectives it made in forward
and in backward, all compared rank by rank with the reference's on the same group (the reference is
tested against the unsharded MLP). Particular to it: the shards' names and shapes (a shard cut along
the other dim is named), one all-reduce per forward and one per backward, and the classic mistakes of
reducing after both layers, adding the bias on every rank before the reduce, and no reduce of x's
gradient in backward."""
from hypothesis import strategies as st

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from grader.engine import distributed, kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Mistake

META = dict(title="Tensor-parallel MLP", zh="张量并行MLP", topic="distributed", difficulty="hard",
            minutes=30, oracle="the unsharded MLP (F.linear, F.gelu) in one process")
HINTS = [
    "fc1 is column-parallel: rank r keeps rows r*d_ff/N .. (r+1)*d_ff/N of fc1_weight (its output "
    "features) and of fc1_bias; fc2 is row-parallel: the same slice of fc2_weight's columns (dim 1). "
    "fc2_bias stays whole.",
    "Forward needs no communication until fc2: gelu acts on each feature alone, so each rank computes "
    "h_r = gelu(x @ W1_r.T + b1_r) and the partial y_r = h_r @ W2_r.T; the sum of the y_r over ranks is the "
    "unsharded x @ W2.T. Add fc2_bias once, after the all-reduce.",
    "Autograd cannot see dist.all_reduce. Write two torch.autograd.Functions: g (forward: clone and all_reduce, "
    "backward: return grad as is) after fc2, and f (forward: identity, backward: clone the grad and all_reduce "
    "it) applied to x before fc1.",
]

SHARDS = ("fc1_weight", "fc1_bias", "fc2_weight", "fc2_bias")


def make(world_size, d_model, d_ff, lead=(3,), seed=0, scale=1.0, label="") -> Case:
    fc1_w, fc1_b = seeded(seed, d_ff, d_model), seeded(seed + 1, d_ff)
    fc2_w, fc2_b = seeded(seed + 2, d_model, d_ff), seeded(seed + 3, d_model)
    x, up = seeded(seed + 4, *lead, d_model, scale=scale), seeded(seed + 5, *lead, d_model)
    return Case(kwargs=dict(world_size=world_size, fc1_weight=fc1_w, fc1_bias=fc1_b, fc2_weight=fc2_w,
                            fc2_bias=fc2_b, x=x, upstream=up), label=label, scale=scale)


def inputs(draw) -> Case:
    n = draw(st.integers(2, 3))
    lead = draw(st.sampled_from([(1,), (3,), (2, 3)]))
    return make(n, draw(st.integers(1, 5)), n * draw(st.integers(1, 3)), lead, seed=draw(st.integers(0, 2**16)),
                scale=draw(st.sampled_from([1.0, 3.0])))


def shards_kept(module, case: Case) -> None:
    """The module's parameters are this rank's shards, by name and shape."""
    k, n = case.kwargs, kit.world(case)
    d_ff, d_model = k["fc1_weight"].shape
    want = {"fc1_weight": (d_ff // n, d_model), "fc1_bias": (d_ff // n,), "fc2_weight": (d_model, d_ff // n),
            "fc2_bias": (d_model,)}
    have = {name: tuple(p.shape) for name, p in module.named_parameters()}
    if have == want:
        return
    other_dim = {"fc1_weight": (d_ff, d_model // n if d_model % n == 0 else None), "fc2_weight": (d_model // n, d_ff)}
    cut = [name for name, shape in other_dim.items() if have.get(name) == shape and shape != want[name]]
    said = f"the module's parameters should be {want} at {n} ranks, got {have}"
    if cut:
        said += (f": {' and '.join(cut)} cut along the wrong dim (fc1 is split along its output features, "
                 f"dim 0 of the (d_ff, d_model) weight; fc2 along its input features, dim 1 of (d_model, d_ff))")
    raise kit.BrokenRule(said)


def on_rank(cls, case: Case, ns):
    """What every rank does: build, forward, backward with the shared upstream gradient."""
    k = case.kwargs
    module = cls(*(k[name].clone() for name in SHARDS))
    shards_kept(module, case)
    x = k["x"].clone().requires_grad_(True)
    y = module(x)
    forward = distributed.calls()
    y.backward(k["upstream"].clone())
    backward = distributed.calls()[len(forward):]
    out = {"output": y.detach(), "grad x": x.grad}
    out.update({f"grad {name}": p.grad for name, p in module.named_parameters()})
    out.update({"collectives in forward": kit.collectives_made(forward),
                "collectives in backward": kit.collectives_made(backward)})
    return out


# ---- the classic mistakes -----------------------------------------------------------------------

class _Copy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.clone()
        dist.all_reduce(grad)
        return grad


class _Sum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x = x.clone()
        dist.all_reduce(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


def megatron_like(*, reduce_fc1=False, bias_before=False, backward_reduce=True):
    """A learner's tensor-parallel MLP, or one of its classic mistakes."""
    class TensorParallelMLP(nn.Module):
        def __init__(self, fc1_weight, fc1_bias, fc2_weight, fc2_bias):
            super().__init__()
            r, n = dist.get_rank(), dist.get_world_size()
            self.fc1_weight = nn.Parameter(fc1_weight.chunk(n, dim=0)[r].clone())
            self.fc1_bias = nn.Parameter(fc1_bias.chunk(n)[r].clone())
            self.fc2_weight = nn.Parameter(fc2_weight.chunk(n, dim=1)[r].clone())
            self.fc2_bias = nn.Parameter(fc2_bias.clone())

        def forward(self, x):
            if backward_reduce:
                x = _Copy.apply(x)
            h = x @ self.fc1_weight.T + self.fc1_bias
            if reduce_fc1:
                h = _Sum.apply(h)
            y = F.gelu(h) @ self.fc2_weight.T
            if bias_before:
                return _Sum.apply(y + self.fc2_bias)
            return _Sum.apply(y) + self.fc2_bias
    return TensorParallelMLP


DRILL = Drill(entries=[Entry(
    "TensorParallelMLP",
    inputs=inputs,
    run=on_rank,
    ranks=kit.world,
    examples=[
        make(2, 4, 8, (3,), seed=10, label="2 ranks"),
        make(2, 1, 2, (1,), label="the prompt's example sizes: 2 ranks, d_model 1, d_ff 2"),
        make(3, 5, 6, (2, 3), seed=20, label="3 ranks, tokens (B, S, d_model)"),
        make(4, 3, 8, (4,), seed=30, label="4 ranks"),
        make(2, 6, 2, (2,), seed=40, label="one feature of d_ff per rank"),
    ],
    mistakes=[
        Mistake("all-reduce after both layers: fc1's outputs are different features on each rank, so nothing "
                "is summed after fc1; the one all-reduce comes after fc2", like=megatron_like(reduce_fc1=True)),
        Mistake("fc2's bias added on every rank before the all-reduce, so it is summed N times: add it once, "
                "after the reduce", like=megatron_like(bias_before=True)),
        Mistake("no all-reduce of x's gradient in backward: each rank's fc1 sees only its slice of d_ff, so "
                "x's gradient is the sum over ranks (identity forward, all-reduce backward)",
                like=megatron_like(backward_reduce=False)),
        Mistake("shards cut along the wrong dim of the weight: nn.Linear's weight is (out, in), so column-parallel "
                "fc1 splits dim 0 and row-parallel fc2 splits dim 1", error="cut along the wrong dim"),
    ],
    grad=False,                  # the gradients are computed on the ranks and compared as outputs
)], max_examples=5)
