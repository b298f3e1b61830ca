from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Mistake, randn, seeded
from reference.batchnorm import BatchNorm

META = dict(title="BatchNorm", zh="批归一化", topic="normalisation", difficulty="medium", minutes=20)
HINTS = [
    "Channel c's statistics come from x[:, c] over every other axis: reduce over dims (0,) for "
    "(N, C) and (0, 2) for (N, C, L), then view the (C,) results as (1, C) or (1, C, 1) to broadcast.",
    "Normalise with the biased variance (divide by n), but feed the running variance the unbiased "
    "one: var * n / (n - 1), where n = x.numel() // C values per channel.",
    "Update the buffers in place under torch.no_grad(): running.mul_(1 - momentum).add_(momentum * stat). "
    "In eval() use running_mean and running_var instead of the batch's own statistics.",
]
SCALES = torch.tensor([1e-3, 1.0, 1e3])
OUTPUTS = "compared: each training step's output, running_mean, running_var, then the eval output"


def run(impl, case):
    """A few train() steps, then one eval() step. The running statistics are compared too, except
    in the gradient check (their inputs require grad there), where buffers have no gradient."""
    batches, last = case.kwargs["train_batches"], case.kwargs["eval_batch"]
    impl.train()
    outs = [impl(x) for x in batches]
    impl.eval()
    out_eval = impl(last)
    if any(x.requires_grad for x in batches):
        return (*outs, out_eval)
    return (*outs, impl.running_mean, impl.running_var, out_eval)


def conditioning(batches, last, eps) -> float:
    """Outputs are O(1), but float32 rounding of x - mean grows with |x| / std in each channel."""
    C = last.shape[1]
    flat = [x.double().transpose(0, 1).reshape(C, -1) for x in [*batches, last]]     # (C, n) each
    big = torch.stack([f.abs().amax(1) for f in flat]).amax(0)                       # (C,)
    var = torch.stack([f.var(1, unbiased=False) for f in flat[:-1]]).amin(0)         # (C,)
    # the running variance mixes 1 with the batch variances, so it is at least min(1, var)
    ratio = 2 * big / (var.clamp(max=1.0) + eps).sqrt()
    return max(1.0, ratio.max().item() / 5)


def make(batches, last, init, label="", seed=0) -> Case:
    eps = init[1] if len(init) > 1 else 1e-5
    return Case(kwargs={"train_batches": batches, "eval_batch": last}, init=init, seed=seed,
                scale=conditioning(batches, last, eps), label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


def inputs(draw) -> Case:
    C = draw(st.integers(1, 5))
    L = draw(st.sampled_from([None, None, 1, 2, 4]))
    n_min = 2 if L in (None, 1) else 1                     # at least two values per channel
    N = draw(st.integers(n_min, 6))
    tail = () if L is None else (L,)
    steps = draw(st.integers(1, 3))
    spread = draw(st.sampled_from([1.0, 3.0]))
    centre = randn(draw, C, scale=draw(st.sampled_from([0.0, 2.0])))   # per-channel means
    centre = centre.view(1, C, *[1] * len(tail))
    batches = [randn(draw, N, C, *tail, scale=spread) + centre for _ in range(steps)]
    last = randn(draw, draw(st.integers(1, 4)), C, *tail, scale=spread) + centre
    init = (C, draw(st.sampled_from([1e-5, 1e-3])), draw(st.sampled_from([0.1, 0.5, 0.9])))
    return make(batches, last, init, seed=draw(st.integers(0, 2**16)))


def running_statistics(module):
    bn = module.BatchNorm(3)
    params, buffers = dict(bn.named_parameters()), dict(bn.named_buffers())
    for name in ("running_mean", "running_var"):
        if name in params:
            raise Fail(f"`{name}` is an nn.Parameter, so an optimiser would train it: make it a buffer "
                       f"with self.register_buffer('{name}', ...)")
        if name not in buffers:
            raise Fail(f"`{name}` is not a registered buffer: use self.register_buffer('{name}', ...) "
                       f"so that state_dict() saves it and .to(device) moves it")
    bn.train()
    bn(torch.randn(4, 3, requires_grad=True))
    for name in ("running_mean", "running_var"):
        if getattr(bn, name).requires_grad:
            raise Fail(f"after a training step `{name}` is part of the autograd graph: update it under "
                       f"torch.no_grad() (or from .detach()ed statistics), or every step's graph stays "
                       f"alive and gradients leak through it into later batches")


def stats(x, unbiased=False):
    dims = [0] + list(range(2, x.dim()))
    return x.mean(dims), x.var(dims, unbiased=unbiased)


def view(t, x):
    return t.view([1, -1] + [1] * (x.dim() - 2))


class Mistaken(BatchNorm):
    """BatchNorm with hooks for one mistake each: which statistics normalise, which update."""

    def normalise_with(self, x):
        return stats(x) if self.training else (self.running_mean, self.running_var)

    def update(self, x):
        mean, var = stats(x, unbiased=True)
        with torch.no_grad():
            self.running_mean.mul_(1 - self.momentum).add_(self.momentum * mean)
            self.running_var.mul_(1 - self.momentum).add_(self.momentum * var)

    def forward(self, x):
        mean, var = self.normalise_with(x)
        if self.training:
            self.update(x)
        y = (x - view(mean, x)) / torch.sqrt(view(var, x) + self.eps)
        return y * view(self.weight, x) + view(self.bias, x)


class BiasedRunningVar(Mistaken):
    def update(self, x):
        mean, var = stats(x)
        with torch.no_grad():
            self.running_mean.mul_(1 - self.momentum).add_(self.momentum * mean)
            self.running_var.mul_(1 - self.momentum).add_(self.momentum * var)


class UnbiasedNormalisation(Mistaken):
    def normalise_with(self, x):
        return stats(x, unbiased=True) if self.training else (self.running_mean, self.running_var)


class SwappedMomentum(Mistaken):
    def update(self, x):
        mean, var = stats(x, unbiased=True)
        with torch.no_grad():
            self.running_mean.mul_(self.momentum).add_((1 - self.momentum) * mean)
            self.running_var.mul_(self.momentum).add_((1 - self.momentum) * var)


class EvalUsesBatchStats(Mistaken):
    def normalise_with(self, x):
        return stats(x)


class TrainUsesRunningStats(Mistaken):
    def normalise_with(self, x):
        if self.training:
            self.update(x)
        return self.running_mean.clone(), self.running_var.clone()

    def forward(self, x):
        mean, var = self.normalise_with(x)
        y = (x - view(mean, x)) / torch.sqrt(view(var, x) + self.eps)
        return y * view(self.weight, x) + view(self.bias, x)


class NoRunningUpdate(Mistaken):
    def update(self, x):
        pass


class EpsOutsideRoot(Mistaken):
    def forward(self, x):
        mean, var = self.normalise_with(x)
        if self.training:
            self.update(x)
        y = (x - view(mean, x)) / (torch.sqrt(view(var, x)) + self.eps)
        return y * view(self.weight, x) + view(self.bias, x)


DRILL = Drill(
    entry="BatchNorm",
    inputs=inputs,
    run=run,
    examples=[
        make([torch.tensor([[1.0, 10.0], [3.0, 20.0]])], torch.tensor([[2.0, 15.0]]), (2,),
             "the prompt's example"),
        make([seeded(1, 3, 4, 5) + 1.0, seeded(2, 3, 4, 5) - 0.5], seeded(3, 2, 4, 5), (4,),
             "(N, C, L) input"),
        make([seeded(4, 2, 3) * 2, seeded(5, 2, 3) * 2 + 1, seeded(6, 2, 3)], seeded(7, 1, 3), (3, 1e-5, 0.5),
             "N = 2: the unbiased variance is twice the biased one; eval on one sample"),
        make([seeded(8, 1, 2, 6), seeded(9, 1, 2, 6)], seeded(10, 1, 2, 6), (2,), "N = 1 with L = 6"),
        make([seeded(11, 5, 3), seeded(12, 5, 3) + 2], seeded(13, 4, 3), (3, 1e-3, 1.0),
             "momentum = 1: the running stats are the last batch's"),
    ],
    extreme=[
        make([seeded(14, 2048, 4), seeded(15, 2048, 4) * 2], seeded(16, 8, 4), (4,), "long batches"),
        make([seeded(17, 16, 3) * SCALES, seeded(18, 16, 3) * SCALES], seeded(19, 4, 3) * SCALES, (3,),
             "channels on scales 1e-3, 1, 1e3 (the smallest variance is below eps)"),
    ],
    custom=[Custom("running statistics", running_statistics)],
    mistakes=[
        Mistake("BatchNorm running variance updated with the biased batch variance (PyTorch feeds it "
                "the unbiased one, var * n / (n - 1))", like=BiasedRunningVar),
        Mistake("training step normalised with the unbiased variance (normalise with the biased one)",
                like=UnbiasedNormalisation),
        Mistake("momentum applied the wrong way round (PyTorch: running = (1 - momentum) * running "
                "+ momentum * batch)", like=SwappedMomentum),
        Mistake("eval() still normalises with the batch's own statistics instead of the running ones",
                like=EvalUsesBatchStats),
        Mistake("training step normalised with the running statistics instead of the batch's",
                like=TrainUsesRunningStats),
        Mistake("running statistics never updated", like=NoRunningUpdate),
        Mistake("eps added to the standard deviation instead of inside the square root", like=EpsOutsideRoot),
        Mistake("a training batch modified in place", check="inputs unchanged"),
    ],
    banned=["torch.nn.functional.batch_norm", "torch.batch_norm", "torch.native_batch_norm",
            "torch.nn.BatchNorm1d", "torch.nn.BatchNorm2d", "torch.nn.BatchNorm3d",
            "torch.nn.modules.batchnorm._BatchNorm", "torch.nn.functional.instance_norm"],
    speed=lambda: make([seeded(20 + i, 64, 256) for i in range(3)], seeded(23, 64, 256), (256,)),
    speed_limit=8.0,
)
