"""groupnorm: a module graded through its forward with reference weights loaded, in float32 and
float64, with the gradients of x, weight and bias. Particular to it: inputs (N, C) up to three
spatial dims, one group (a LayerNorm over the sample) and one channel per group (an InstanceNorm),
groups of three channels, means far from 0 (tolerances follow |x| / std as in layernorm); the
mistakes of statistics over the wrong axes (per channel, the whole sample, strided channels, the
batch too), the unbiased variance, eps outside the root, a missing affine and an affine per group
(named from the parameter shapes the grader could not load)."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="GroupNorm", zh="组归一化", topic="normalisation", difficulty="medium", minutes=15,
            oracle="nn.GroupNorm")
HINTS = [
    "Group g is the consecutive channels g·C/G .. (g+1)·C/G - 1, so x.reshape(N, G, -1) puts each "
    "(sample, group) in one row: its channels and all their positions.",
    "Statistics of that last dim with keepdim=True: mean, then the biased variance ((h - mean) ** 2).mean(-1); "
    "normalise with (h - mean) / sqrt(var + eps), and view the result back as x.shape.",
    "The affine is per channel: weight.view(1, C, 1, ...) with one 1 per spatial dim, i.e. "
    "shape = (1, C) + (1,) * (x.dim() - 2); return y * weight.view(shape) + bias.view(shape).",
]


def conditioning(x, groups, eps) -> float:
    """The output is O(1), but float32 rounding of x - mean grows with |x| / std in each group."""
    h = x.double().reshape(x.shape[0], groups, -1)
    ratio = h.abs().amax(-1) / (h.var(-1, unbiased=False) + eps).sqrt()
    return max(1.0, ratio.max().item() / 5)


def case(x, groups, eps=None, label="", seed=0) -> Case:
    init = (groups, x.shape[1]) if eps is None else (groups, x.shape[1], eps)
    return Case(args=(x,), init=init, label=label, seed=seed,
                scale=conditioning(x, groups, 1e-5 if eps is None else eps))


def inputs(draw) -> Case:
    G = draw(st.integers(1, 4))
    C = G * draw(st.integers(1, 3))
    spatial = draw(st.lists(st.integers(1, 4), max_size=3))
    if C // G * torch.Size(spatial).numel() < 2:
        spatial.append(2)                         # a group of one value has no variance (torch raises)
    spread = draw(st.sampled_from([1e-3, 1.0, 10.0, 100.0]))
    offset = draw(st.sampled_from([0.0, 3.0, -20.0]))
    x = randn(draw, draw(st.integers(1, 4)), C, *spatial, scale=spread) + offset
    return case(x, G, draw(st.sampled_from([None, 1e-5, 1e-3, 0.1])), seed=draw(st.integers(0, 2**16)))


def groups_independent(call, case):
    """Changing the first channel of sample 0 leaves the outputs of the other groups alone."""
    x = case.args[0]
    G, C = case.init[:2]
    if G < 2:
        return
    other = x.clone()
    other[0, 0] = other[0, 0] * -3.0 + 1.0
    a, b = call(case), call(Case(args=(other,), init=case.init, seed=case.seed, scale=case.scale))
    rest = slice(C // G, C)
    if not isinstance(a, torch.Tensor) or a.shape != x.shape:
        raise Fail(f"expected a tensor of x's shape {tuple(x.shape)}")
    diff = (a[0, rest] - b[0, rest]).detach().abs().max()
    if diff > 1e-5 * case.scale:
        raise Fail(f"changing channel 0 (group 0) changed the outputs of channels {C // G}..{C - 1} (the other "
                   f"groups) by {diff.item():.2g}: each group of {C // G} consecutive channels is normalised on "
                   f"its own")


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """GroupNorm as a learner writes it, with at most one classic mistake: "per channel",
    "whole sample", "strided groups", "batch too", "unbiased", "eps outside", "no affine"."""

    def __init__(self, num_groups, num_channels, eps=1e-5, *, mistake=""):
        super().__init__()
        self.num_groups, self.eps, self.mistake = num_groups, eps, mistake
        self.weight = nn.Parameter(torch.ones(num_channels))
        self.bias = nn.Parameter(torch.zeros(num_channels))

    def forward(self, x):
        N, C, m = x.shape[0], x.shape[1], self.mistake
        G = {"per channel": C, "whole sample": 1}.get(m, self.num_groups)
        if m == "strided groups":                      # group g = channels g, g + G, g + 2G, ...
            h = x.reshape(N, C // G, G, -1).transpose(1, 2).reshape(N, G, -1)
        else:
            h = x.reshape(N, G, -1)
        dims = (0, 2) if m == "batch too" else (2,)
        mean = h.mean(dims, keepdim=True)
        var = h.var(dims, keepdim=True) if m == "unbiased" else (h - mean).pow(2).mean(dims, keepdim=True)
        y = (h - mean) / (var.sqrt() + self.eps) if m == "eps outside" else (h - mean) / torch.sqrt(var + self.eps)
        if m == "strided groups":
            y = y.reshape(N, G, C // G, -1).transpose(1, 2)
        y = y.reshape(x.shape)
        if m == "no affine":
            return y
        shape = (1, C) + (1,) * (x.dim() - 2)
        return y * self.weight.view(shape) + self.bias.view(shape)


def learner_like(mistake):
    class GroupNorm(Written):
        def __init__(self, num_groups, num_channels, eps=1e-5):
            super().__init__(num_groups, num_channels, eps, mistake=mistake)
    return GroupNorm


DRILL = Drill(entries=[Entry(
    "GroupNorm",
    inputs=inputs,
    examples=[
        case(torch.tensor([[[1.0, 2.0], [3.0, 4.0], [-1.0, 1.0], [0.0, 0.0]]]), 2, label="the prompt's example"),
        case(seeded(1, 2, 6, 3, 3) + 1.0, 3, label="images (2, 6, 3, 3), 3 groups of 2 channels"),
        case(seeded(2, 3, 6, 5) * 2.0, 2, label="sequences (3, 6, 5), 2 groups of 3 channels"),
        case(seeded(3, 4, 4) - 2.0, 2, label="(N, C) with no spatial dims"),
        case(seeded(4, 2, 3, 4), 1, label="one group: the whole sample"),
        case(seeded(5, 2, 4, 3, 2) * 3.0, 4, label="one channel per group"),
        case(torch.full((2, 4, 3), 2.0), 2, label="constant groups: the variance is 0"),
        case(seeded(6, 1, 4, 2, 2, 2), 2, 1e-3, label="three spatial dims, eps = 1e-3"),
        case(seeded(7, 3, 6, 4, scale=1e-3), 3, label="tiny inputs: variance near eps"),
        case(seeded(8, 1, 6, 1), 3, 0.1, label="one sample, one position, eps = 0.1"),
    ],
    extreme=[
        case(seeded(9, 2, 4, 8, 8) + 1e3, 2, label="a large common offset: 1000 + N(0, 1)"),
        case(seeded(10, 2, 8, 4096), 4, label="long groups (2 channels of 4096 positions)"),
        case(seeded(11, 3, 6, 5, 5) * 5 - 3e3, 3, label="a large negative offset: -3000 + N(0, 25)"),
    ],
    invariants=[kit.batch_independence(name="samples normalised independently"),
                Invariant("groups normalised independently", groups_independent)],
    mistakes=[
        Mistake("statistics per channel (InstanceNorm) instead of over each group of C / G channels",
                like=learner_like("per channel")),
        Mistake("statistics over all the channels of a sample (one group, a LayerNorm) instead of over each group",
                like=learner_like("whole sample")),
        Mistake("groups of strided channels (g, g + G, g + 2G, ...): group g is the consecutive channels "
                "g·C/G .. (g+1)·C/G - 1, x.reshape(N, G, -1)", like=learner_like("strided groups")),
        Mistake("statistics over the batch too: each sample is normalised on its own",
                like=learner_like("batch too")),
        Mistake("the unbiased variance (divided by count - 1; torch.var's default)", like=learner_like("unbiased"),
                hint="nn.GroupNorm divides by the count: ((h - mean) ** 2).mean(-1), or h.var(-1, unbiased=False)."),
        Mistake("eps added to the standard deviation instead of inside the square root",
                like=learner_like("eps outside")),
        Mistake("weight and bias not applied", like=learner_like("no affine")),
        Mistake("affine per group: weight and bias have one value per CHANNEL, shape (num_channels,)",
                error=r"ParameterMismatch: .*got \[(weight|bias) \(\d+,\), (weight|bias) \(\d+,\)\]",
                hint="GroupNorm shares the statistics within a group, but scales and shifts every channel on its "
                     "own: nn.Parameter(torch.ones(num_channels)) and torch.zeros(num_channels)."),
        Mistake("x normalised in place (on a view of x): work on new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=case(seeded(12, 2, 4, 3, 3), 2), large=case(seeded(13, 5, 12, 3, 3), 6),
                over="the samples and the groups"),
    speed=Speed(lambda seed: case(seeded(seed, 16, 32, 16, 16), 8), limit=30.0),
)], banned=["torch.nn.functional.group_norm", "torch.group_norm", "torch.native_group_norm", "torch.nn.GroupNorm",
            "torch.nn.functional.layer_norm", "torch.layer_norm", "torch.native_layer_norm", "torch.nn.LayerNorm",
            "torch.nn.functional.instance_norm", "torch.instance_norm", "torch.nn.InstanceNorm1d",
            "torch.nn.InstanceNorm2d", "torch.nn.InstanceNorm3d", "torch.nn.functional.batch_norm",
            "torch.batch_norm", "torch.native_batch_norm", "torch.nn.BatchNorm1d", "torch.nn.BatchNorm2d",
            "torch.nn.BatchNorm3d"])
