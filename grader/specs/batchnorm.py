"""batchnorm: a stateful module graded as a sequence: a few train() steps, each compared on its
output and on running_mean and running_var after it, then one eval() step. Both sides start from
the same loaded state (the grader's perturbed weights and running statistics). Particular to it:
(N, C) and (N, C, L) inputs, N = 2 where the unbiased variance is twice the biased one, momentum
up to 1, channels on scales from 1e-3 to 1e3, running statistics kept out of autograd, and the
classic mistakes around which variance feeds what, momentum's direction and eval() mode."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed, Trace

META = dict(title="BatchNorm", zh="批归一化", topic="normalisation", difficulty="medium", minutes=20,
            oracle="nn.BatchNorm1d / nn.BatchNorm2d")
HINTS = [
    "Channel c's statistics come from x[:, c] over every other axis: reduce over dims (0,) for "
    "(N, C) and (0, 2) for (N, C, L), then view the (C,) results as (1, C) or (1, C, 1) to broadcast.",
    "Normalise with the biased variance (divide by n), but feed the running variance the unbiased "
    "one: var * n / (n - 1), where n = x.numel() // C values per channel.",
    "Update the buffers in place under torch.no_grad(): running.mul_(1 - momentum).add_(momentum * stat). "
    "In eval() use running_mean and running_var instead of the batch's own statistics.",
]
SCALES = torch.tensor([1e-3, 1.0, 1e3])


def steps(bn, case, ns) -> Trace:
    """train() steps on each of case's training batches, then one eval() step."""
    batches = case.kwargs["train_batches"]
    trace = Trace()
    bn.train()
    for i, x in enumerate(batches, 1):
        y = bn(x)    # the buffers are copied: an in-place update must not change earlier steps
        trace.step(f"train() step {i} of {len(batches)}", {"output": y, "running_mean": bn.running_mean.clone(),
                                                            "running_var": bn.running_var.clone()})
    bn.eval()
    trace.step("then eval()", {"output": bn(case.kwargs["eval_batch"])})
    return trace


def conditioning(batches, last, eps) -> float:
    """Outputs are O(1), but float32 rounding of x - mean grows with |x| / std in each channel."""
    C = last.shape[1]
    flat = [x.double().transpose(0, 1).reshape(C, -1) for x in [*batches, last]]     # (C, n) each
    big = torch.stack([f.abs().amax(1) for f in flat]).amax(0)                       # (C,)
    var = torch.stack([f.var(1, unbiased=False) for f in flat[:-1]]).amin(0)         # (C,)
    # the running variance mixes its start with the batch variances: at least min(start, var) ~ min(1, var)
    ratio = 2 * big / (var.clamp(max=1.0) + eps).sqrt()
    return max(1.0, ratio.max().item() / 5)


def make(batches, last, init, label="", seed=0) -> Case:
    eps = init[1] if len(init) > 1 else 1e-5
    return Case(kwargs={"train_batches": batches, "eval_batch": last}, init=init, seed=seed,
                scale=conditioning(batches, last, eps), label=label)


def inputs(draw) -> Case:
    C = draw(st.integers(1, 5))
    L = draw(st.sampled_from([None, None, 1, 2, 4]))
    n_min = 2 if L in (None, 1) else 1                     # at least two values per channel
    N = draw(st.integers(n_min, 6))
    tail = () if L is None else (L,)
    spread = draw(st.sampled_from([1.0, 3.0]))
    centre = randn(draw, C, scale=draw(st.sampled_from([0.0, 2.0, 10.0]))).view(1, C, *[1] * len(tail))
    batches = [randn(draw, N, C, *tail, scale=spread) + centre for _ in range(draw(st.integers(1, 3)))]
    last = randn(draw, draw(st.integers(1, 4)), C, *tail, scale=spread) + centre
    init = (C, draw(st.sampled_from([1e-5, 1e-3])), draw(st.sampled_from([0.1, 0.5, 0.9, 1.0])))
    return make(batches, last, init, seed=draw(st.integers(0, 2**16)))


IN_GRAPH = ("running statistics kept in the autograd graph (an nn.Parameter, or updated outside "
            "torch.no_grad() from statistics that require grad)")


def running_stats_outside_autograd(call, case):
    """After a training step on batches that require grad, the buffers are plain tensors. The
    batches are not leaves, so that code which also edits them in place still runs here."""
    with torch.enable_grad():
        batches = [x.detach().requires_grad_() * 1.0 for x in case.kwargs["train_batches"]]
        trace = call(Case(kwargs={"train_batches": batches, "eval_batch": case.kwargs["eval_batch"]},
                          init=case.init, seed=case.seed, scale=case.scale))
    for step, out in trace[:-1]:
        for name in ("running_mean", "running_var"):
            if out[name].requires_grad:
                raise Fail(f"after {step}, on batches that require grad, `{name}` requires grad too: it is part "
                           f"of the autograd graph, so every step's graph stays alive and later gradients leak "
                           f"into earlier batches. Keep it a buffer (self.register_buffer) and update it under "
                           f"torch.no_grad() (or from .detach()ed statistics)", mistake=IN_GRAPH)


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """BatchNorm as a learner writes it, with at most one classic mistake: "biased running var",
    "unbiased normalisation", "momentum swapped", "eval uses batch", "train uses running",
    "no update", "eps outside", "in graph"."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, *, mistake=""):
        super().__init__()
        self.eps, self.momentum, self.mistake = eps, momentum, mistake
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))

    def update(self, mean, var):
        keep, take = 1 - self.momentum, self.momentum
        if self.mistake == "momentum swapped":
            keep, take = take, keep
        self.running_mean = keep * self.running_mean + take * mean
        self.running_var = keep * self.running_var + take * var

    def forward(self, x):
        m = self.mistake
        dims = [0] + list(range(2, x.dim()))
        shape = [1, -1] + [1] * (x.dim() - 2)
        n = x.numel() // x.shape[1]
        mean, var = x.mean(dims), x.var(dims, unbiased=False)
        if self.training:
            unbiased = var * n / (n - 1)
            if m == "in graph":
                self.update(mean, unbiased)
            elif m != "no update":
                with torch.no_grad():
                    self.update(mean, var if m == "biased running var" else unbiased)
            if m == "unbiased normalisation":
                var = unbiased
            elif m == "train uses running":
                mean, var = self.running_mean, self.running_var
        elif m != "eval uses batch":
            mean, var = self.running_mean, self.running_var
        std = var.view(shape).sqrt() + self.eps if m == "eps outside" else (var.view(shape) + self.eps).sqrt()
        return (x - mean.view(shape)) / std * self.weight.view(shape) + self.bias.view(shape)


def learner_like(mistake):
    class BatchNorm(Written):
        def __init__(self, num_features, eps=1e-5, momentum=0.1):
            super().__init__(num_features, eps, momentum, mistake=mistake)
    return BatchNorm


DRILL = Drill(entries=[Entry(
    "BatchNorm",
    inputs=inputs,
    run=steps,
    examples=[
        make([torch.tensor([[1.0, 10.0], [3.0, 20.0]])], torch.tensor([[2.0, 15.0]]), (2,),
             "the prompt's example"),
        make([seeded(1, 3, 4, 5) + 1.0, seeded(2, 3, 4, 5) - 0.5], seeded(3, 2, 4, 5), (4,), "(N, C, L) input"),
        make([seeded(4, 2, 3) * 2, seeded(5, 2, 3) * 2 + 1, seeded(6, 2, 3)], seeded(7, 1, 3), (3, 1e-5, 0.5),
             "N = 2: the unbiased variance is twice the biased one; eval on one sample"),
        make([seeded(8, 1, 2, 6), seeded(9, 1, 2, 6)], seeded(10, 1, 2, 6), (2,), "N = 1 with L = 6"),
        make([seeded(11, 5, 3), seeded(12, 5, 3) + 2], seeded(13, 4, 3), (3, 1e-3, 1.0),
             "momentum = 1: the running stats are the last batch's"),
        make([seeded(14, 4, 3, 1) - 5.0], seeded(15, 2, 3, 1), (3, 1e-5, 0.9), "L = 1, one step, momentum 0.9"),
    ],
    extreme=[
        make([seeded(16, 2048, 4), seeded(17, 2048, 4) * 2], seeded(18, 8, 4), (4,), "long batches"),
        make([seeded(19, 16, 3) * SCALES, seeded(20, 16, 3) * SCALES], seeded(21, 4, 3) * SCALES, (3,),
             "channels on scales 1e-3, 1, 1e3 (the smallest variance is below eps)"),
        make([seeded(22, 8, 2, 3) * 10 + 1e3, seeded(23, 8, 2, 3) * 10 - 1e3], seeded(24, 2, 2, 3) * 10, (2, 1e-5, 0.5),
             "batch means near ±1000"),
    ],
    invariants=[Invariant("running statistics outside autograd", running_stats_outside_autograd, drawn=False)],
    mistakes=[
        Mistake("BatchNorm running variance updated with the biased batch variance (PyTorch feeds it "
                "the unbiased one, var * n / (n - 1))", like=learner_like("biased running var"),
                hint="Normalise the batch with the biased variance, but update running_var with "
                     "var * n / (n - 1), n = x.numel() // C."),
        Mistake("training step normalised with the unbiased variance (normalise with the biased one)",
                like=learner_like("unbiased normalisation")),
        Mistake("momentum applied the wrong way round (PyTorch: running = (1 - momentum) * running "
                "+ momentum * batch)", like=learner_like("momentum swapped")),
        Mistake("eval() still normalises with the batch's own statistics instead of the running ones",
                like=learner_like("eval uses batch")),
        Mistake("training step normalised with the running statistics instead of the batch's",
                like=learner_like("train uses running")),
        Mistake("running statistics never updated", like=learner_like("no update")),
        Mistake("eps added to the standard deviation instead of inside the square root", like=learner_like("eps outside")),
        Mistake(IN_GRAPH, like=learner_like("in graph")),
        Mistake("a training batch modified in place", check="inputs unchanged"),
    ],
    loops=Loops(small=make([seeded(25, 8, 3, 4), seeded(26, 8, 3, 4)], seeded(27, 2, 3, 4), (3,)),
                large=make([seeded(28, 8, 9, 4), seeded(29, 8, 9, 4)], seeded(30, 2, 9, 4), (9,)),
                over="the channels"),
    speed=Speed(lambda seed: make([seeded(31 + 4 * seed + i, 64, 256) for i in range(3)], seeded(34 + 4 * seed, 64, 256),
                                  (256,)), limit=30.0),
)], banned=["torch.nn.functional.batch_norm", "torch.batch_norm", "torch.native_batch_norm",
            "torch.nn.BatchNorm1d", "torch.nn.BatchNorm2d", "torch.nn.BatchNorm3d",
            "torch.nn.modules.batchnorm._BatchNorm", "torch.nn.functional.instance_norm"])
