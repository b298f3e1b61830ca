from hypothesis import strategies as st

import torch
from grader.spec import Case, Custom, Drill, Fail, Mistake, randn, seeded
from reference.lora import LoRALinear

META = dict(title="LoRA linear", zh="LoRA低秩适配", topic="positions and blocks", difficulty="medium", minutes=15)
HINTS = [
    "Freeze with nn.Parameter(w, requires_grad=False): still a parameter (saved, moved by .to()), but "
    "autograd never computes its gradient. lora_B = nn.Parameter(torch.zeros(d_out, rank)).",
    "forward: x @ self.weight.T + (x @ self.lora_A.T) @ self.lora_B.T * (alpha / rank). "
    "x @ A.T is (..., rank): the cheap way through.",
    "merge: with torch.no_grad(): self.weight += scale * self.lora_B @ self.lora_A — (d_out, r) @ (r, d_in) "
    "is weight's shape — then set self.merged = True and skip the LoRA path in forward when it is set.",
]
OUTPUTS = ("lora_B set to these values first; compared: output, gradients of lora_A and lora_B, "
           "then output and weight after merge()")


def run(impl, case):
    """lora_B starts at 0 and the grader only perturbs 1-D parameters: set it from the case, so
    that the LoRA path shows. Gradients are taken here (weight is frozen: the generic gradient
    check would differentiate it too), with a fixed upstream gradient made on the output's device."""
    x = case.kwargs["x"]
    with torch.no_grad():
        impl.lora_B.copy_(case.kwargs["lora_B"])
    y = impl(x)
    out = {"output": y}
    if torch.is_grad_enabled():
        probe = torch.arange(y.numel(), dtype=y.dtype, device=y.device).reshape(y.shape).sin()
        params = [impl.lora_A, impl.lora_B]
        trainable = [p for p in params if p.requires_grad]
        grads = (torch.autograd.grad((y * probe).sum(), trainable, allow_unused=True)
                 if trainable and y.requires_grad else [None] * len(trainable))
        found = dict(zip(map(id, trainable), grads))
        for name, p in zip(("grad lora_A", "grad lora_B"), params):
            g = found.get(id(p))
            out[name] = torch.zeros_like(p) if g is None else g   # untrainable or unused: no gradient
    impl.merge()
    out["output after merge"] = impl(x)
    out["weight after merge"] = impl.weight
    return out


def make(init, x, lora_B, label="") -> Case:
    _, _, rank, alpha = init
    return Case(kwargs={"x": x, "lora_B": lora_B}, init=init, scale=max(1.0, alpha / rank),
                label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


def inputs(draw) -> Case:
    d_in, d_out, rank = draw(st.integers(1, 8)), draw(st.integers(1, 8)), draw(st.integers(1, 4))
    alpha = draw(st.sampled_from([1.0, 4.0, 8.0, 16.0]))
    lead = draw(st.lists(st.integers(1, 4), min_size=1, max_size=2))
    case = make((d_in, d_out, rank, alpha), randn(draw, *lead, d_in), randn(draw, d_out, rank, scale=0.5))
    case.seed = draw(st.integers(0, 2**16))
    return case


def parameters_and_merge(module):
    layer = module.LoRALinear(6, 4, 2, 8.0)
    if layer.weight.requires_grad:
        raise Fail("`weight` requires grad: the pretrained weight is frozen — "
                   "nn.Parameter(..., requires_grad=False) — only lora_A and lora_B train")
    for name in ("lora_A", "lora_B"):
        if not getattr(layer, name).requires_grad:
            raise Fail(f"`{name}` does not require grad: the adapter matrices are what LoRA trains")
    if layer.lora_B.detach().abs().sum() != 0:
        raise Fail("`lora_B` is not zero at init: with B = 0 the adapted layer starts exactly as the "
                   "pretrained one")
    if layer.lora_A.detach().abs().sum() == 0:
        raise Fail("`lora_A` is zero at init: with A and B both zero neither ever gets a gradient "
                   "(each one's gradient is proportional to the other)")
    g = torch.Generator().manual_seed(0)
    try:
        with torch.no_grad():
            layer.lora_B.copy_(torch.randn(4, 2, generator=g))
        layer(torch.randn(3, 6, generator=g)).sum().backward()
        weight_grad = layer.weight.grad
        layer.merge()
    except Exception:
        return                      # a crash is reported, with its input, by the value checks
    if weight_grad is not None:
        raise Fail("a training step gave `weight` a gradient: it must stay frozen")
    if layer.weight.requires_grad or layer.weight.grad_fn is not None:
        raise Fail("after merge() `weight` is part of the autograd graph (requires grad): fold the update in "
                   "under torch.no_grad()")


# ---- the classic mistakes -----------------------------------------------------------------------

SWAPPED = "lora_A and lora_B in the wrong order or transposed: x (..., d_in) @ lora_A.T (d_in, r) @ lora_B.T (r, d_out)"


class ScaleAlpha(LoRALinear):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__(d_in, d_out, rank, alpha)
        self.scale = alpha


class ScaleInverted(LoRALinear):
    def __init__(self, d_in, d_out, rank, alpha):
        super().__init__(d_in, d_out, rank, alpha)
        self.scale = rank / alpha


class ForwardBA(LoRALinear):       # x @ B @ A: runs only when d_in == d_out, and is wrong there
    def forward(self, x):
        y = x @ self.weight.T
        return y if self.merged else y + (x @ self.lora_B @ self.lora_A) * self.scale


class MergeWithoutScale(LoRALinear):
    def merge(self):
        with torch.no_grad():
            self.weight += self.lora_B @ self.lora_A
        self.merged = True


class MergeTransposed(LoRALinear):
    def merge(self):
        with torch.no_grad():
            self.weight += self.scale * (self.lora_B @ self.lora_A).T
        self.merged = True


class MergeCountedTwice(LoRALinear):
    def merge(self):
        with torch.no_grad():
            self.weight += self.scale * (self.lora_B @ self.lora_A)


class MergeDoesNothing(LoRALinear):
    def merge(self):
        self.merged = True


DRILL = Drill(
    entry="LoRALinear",
    inputs=inputs,
    run=run,
    examples=[
        make((2, 2, 1, 2.0), torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0], [0.0]]), "the prompt's shapes"),
        make((8, 6, 4, 16.0), seeded(1, 2, 3, 8), seeded(2, 6, 4), "rank 4, alpha 16: scale 4"),
        make((5, 3, 2, 1.0), seeded(3, 7, 5), seeded(4, 3, 2), "alpha below rank: scale 0.5"),
        make((4, 4, 2, 8.0), seeded(5, 3, 4), seeded(6, 4, 2), "square weight: d_in == d_out"),
        make((3, 7, 1, 4.0), seeded(7, 3), seeded(8, 7, 1), "x without a batch axis, rank 1"),
    ],
    extreme=[
        make((512, 256, 8, 16.0), seeded(9, 4, 512), seeded(10, 256, 8, scale=0.1), "d_in 512, d_out 256"),
        make((16, 16, 16, 32.0), seeded(11, 3, 16), seeded(12, 16, 16), "rank = d_in: full rank"),
    ],
    custom=[Custom("frozen weight, trainable adapters", parameters_and_merge)],
    mistakes=[
        Mistake("update scaled by alpha instead of alpha / rank", like=ScaleAlpha),
        Mistake("update scaled by rank / alpha instead of alpha / rank", like=ScaleInverted),
        Mistake("merge() folds B @ A in without the alpha / rank scale", like=MergeWithoutScale),
        Mistake("merge() adds (B @ A).T: lora_B @ lora_A is (d_out, d_in), weight's own shape",
                like=MergeTransposed),
        Mistake("after merge() forward still adds the LoRA path: the update is counted twice",
                like=MergeCountedTwice),
        Mistake("merge() does not change weight", like=MergeDoesNothing),
        Mistake(SWAPPED, error="shapes cannot be multiplied|size mismatch|must match the size"),
        Mistake(SWAPPED, like=ForwardBA),
        Mistake("weight not frozen (requires_grad=False), or merged inside autograd",
                check="frozen weight, trainable adapters"),
        Mistake("x modified in place: work on new tensors", check="inputs unchanged"),
    ],
    grad=False,                     # gradients of lora_A and lora_B are compared by `run`
    speed=lambda: make((16, 16, 4, 8.0), seeded(13, 2048, 4, 16), seeded(14, 16, 4)),
    speed_limit=10.0,        # correct variants read up to ~1.25x, a loop over rows ~200x
)
