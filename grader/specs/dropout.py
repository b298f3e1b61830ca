"""dropout: a random function, judged by frequencies against its exact distribution: every element
kept with probability 1 - p, independently of its neighbours along each axis, the mask drawn from
`generator` alone. Particular to it: reference-free invariants for everything that is exact (the
survivors are x / (1 - p) and the others 0, the identity when not training or p = 0, zeros when
p = 1, the gradient out / x per element, torch's global RNG when generator is None), and the
classic mistakes of scaling, of p read as the keep probability, and of `training` ignored."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="Dropout", zh="随机失活", topic="normalisation", difficulty="easy", minutes=6,
            oracle="F.dropout (scale and Binomial kept fraction)")
HINTS = [
    "Training: keep each element with probability 1 - p (p is the probability of DROPPING it), and "
    "divide the survivors by 1 - p so the expected output is x.",
    "The mask: torch.rand(x.shape, generator=generator, device=x.device) >= p, or "
    "torch.empty_like(x).bernoulli_(1 - p, generator=generator). Pass `generator` to every random call.",
    "Special cases first: `if not training or p == 0: return x`; `if p == 1: return torch.zeros_like(x)` "
    "(the general formula would divide 0 by 0).",
    "return x * mask / (1 - p)   # a new tensor: x itself is left alone",
]


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=0, max_size=3))     # () is a 0-d tensor
    p = draw(st.one_of(st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]), st.floats(0.0, 1.0)))
    scale = draw(st.sampled_from([1.0, 10.0, 1e4]))
    return Case(args=(kit.randn(draw, *shape, scale=scale), p), scale=scale,
                kwargs={"training": draw(st.sampled_from([True, True, True, False])), "generator": kit.generator(draw)})


def not_compared(case, expected):
    """No element is compared with the reference's: its mask is as random as the learner's (the
    frequencies and the invariants judge them)."""
    return torch.zeros(expected.shape, dtype=torch.bool)


# ---- classic mistakes, written as a learner would ------------------------------------------------

def no_scaling(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * (torch.rand(x.shape, generator=generator, device=x.device) >= p)


def scales_by_keep(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * (torch.rand(x.shape, generator=generator, device=x.device) >= p) * (1 - p)


def ignores_training(x, p, training=True, generator=None):
    if p == 1:
        return torch.zeros_like(x)
    return x * (torch.rand(x.shape, generator=generator, device=x.device) >= p) / (1 - p)


def keeps_with_probability_p(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    return x * (torch.rand(x.shape, generator=generator, device=x.device) < p) / (1 - p)


def one_mask_for_all_rows(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    if p == 1:
        return torch.zeros_like(x)
    return x * (torch.rand(x.shape[-1:], generator=generator, device=x.device) >= p) / (1 - p)


def nan_at_one(x, p, training=True, generator=None):
    if not training or p == 0:
        return x
    return x * (torch.rand(x.shape, generator=generator, device=x.device) >= p) / (1 - p)


NO_SCALING = Mistake("survivors not scaled (divide them by 1 - p so that the expected output is x)", like=no_scaling,
                     hint="Inverted dropout: out = x * mask / (1 - p), so E[out] = x and eval needs no rescaling.")
BY_KEEP = Mistake("survivors scaled by (1 - p) instead of 1 / (1 - p)", like=scales_by_keep)
IGNORES_TRAINING = Mistake("`training` ignored: with training=False dropout is the identity", like=ignores_training)
NAN_AT_ONE = Mistake("p = 1 gives NaN (x * 0 / (1 - p) is 0/0): return zeros", like=nan_at_one)


# ---- invariants: what is exact whatever the mask ----------------------------------------------------

def _output(call, case) -> torch.Tensor:
    x, out = case.args[0], call(case)
    if not isinstance(out, torch.Tensor) or out.shape != x.shape:
        raise Fail(f"expected a tensor of x's shape {tuple(x.shape)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
    return out.detach()


def survivors_scaled(call, case):
    x, p = case.args
    if not case.kwargs.get("training", True) or p in (0, 1):
        return
    out = _output(call, case)
    want = x / (1 - p)
    bad = (out != 0) & ~torch.isclose(out, want, rtol=1e-5, atol=0)
    if bad.any():
        i = tuple(bad.nonzero()[0].tolist())
        ratio = (out[i] / x[i]).item()
        mistake = NO_SCALING.name if math.isclose(ratio, 1, rel_tol=1e-5) else \
            BY_KEEP.name if math.isclose(ratio, 1 - p, rel_tol=1e-5) else ""
        raise Fail(f"dropout(p={p:g}): output{list(i)} is {out[i].item():.6g} for x = {x[i].item():.6g}; each "
                   f"element must be 0 (dropped) or x / (1 - p) = {want[i].item():.6g}", mistake=mistake)


def identity_when_off(call, case):
    x, p = case.args
    training = case.kwargs.get("training", True)
    if training and p != 0:
        return
    out = _output(call, case)
    if not torch.allclose(out, x, rtol=1e-6, atol=0):
        raise Fail(f"dropout(training={training}, p={p:g}) must return x unchanged (no element dropped, none "
                   f"scaled), got {int((out != x).sum())} of {x.numel()} elements changed",
                   mistake=IGNORES_TRAINING.name if not training else "")


def zeros_at_one(call, case):
    x, p = case.args
    if not case.kwargs.get("training", True) or p != 1:
        return
    out = _output(call, case)
    if not (out == 0).all():
        nan = bool(out.isnan().any())
        raise Fail(f"dropout(p=1) drops every element: the output must be all zeros, got "
                   f"{int((out != 0).sum())} non-zero elements" + (" (NaN: x * 0 / (1 - p) is 0/0)" if nan else ""),
                   mistake=NAN_AT_ONE.name if nan else "")


def gradient_out_over_x(call, case):
    """Dropout is linear in each element on its own: d out_i / d x_i = out_i / x_i, whatever the mask.
    x is not a leaf, so that code which also edits it in place still runs here."""
    x = case.args[0]
    leaf = x.detach().clone().requires_grad_()
    with torch.enable_grad():
        out = call(kit.with_arg(case, 0, leaf * 1.0))
        if not isinstance(out, torch.Tensor) or out.shape != x.shape:
            return
        grad = torch.autograd.grad(out.sum(), leaf)[0] if out.requires_grad else torch.zeros_like(x)
    out = out.detach()
    want = torch.where((out != 0) & (x != 0), out / x, torch.zeros_like(x))
    if not torch.allclose(grad, want, rtol=1e-5, atol=1e-6, equal_nan=True):
        i = tuple(int(k) for k in torch.unravel_index((grad - want).abs().argmax(), x.shape))
        raise Fail(f"d output / d x at {list(i)} is {grad[i].item():.6g} where the output is {out[i].item():.6g} for "
                   f"x = {x[i].item():.6g}: the gradient is 1 / (1 - p) through a survivor, 0 through a dropped "
                   f"element, 1 when dropout is off" + ("; no gradient reached x (detached, .data, or built "
                                                        "under torch.no_grad?)" if not out.requires_grad else ""))


def global_rng_without_generator(call, case):
    x = seeded(30, 64, 64).abs() + 0.5
    saved = torch.get_rng_state()
    try:
        outs = []
        for seed in (1, 1, 2):
            torch.manual_seed(seed)
            outs.append(_output(call, Case(args=(x, 0.5))))
    finally:
        torch.set_rng_state(saved)
    if not torch.equal(outs[0], outs[1]):
        raise Fail("with generator=None, two calls after torch.manual_seed(1) dropped different elements: without a "
                   "generator, draw from torch's global RNG (pass generator=None on to torch.rand or bernoulli_)")
    if torch.equal(outs[0], outs[2]):
        raise Fail("with generator=None, calls after torch.manual_seed(1) and torch.manual_seed(2) dropped the same "
                   "elements: without a generator, draw from torch's global RNG, not from a generator of your own")


# ---- the frequencies: every element kept with probability 1 - p, independently ----------------------

N = 1000    # draws per case


def draws(shape, p, label) -> Case:
    x = seeded(len(shape) + round(100 * p), *shape).abs() + 0.5     # no zeros: an output 0 is a dropped element
    K = x.numel()
    return Case(args=(x.expand(N, *shape).clone(), p),
                label=f"{N} draws of a {tuple(shape)} x, {label}; with a draw's elements flattened, slot j < {K // 2} "
                      f"is the pair (2j, 2j + 1) and slot {K // 2} + j the pair (j, j + {K // 2}): 0 both dropped, "
                      f"1 only the first kept, 2 only the second, 3 both kept")


def kept_pairs(out) -> torch.Tensor:
    """(draws, slots): for each element and its right neighbour, then for element j and its partner
    j + K/2 in the other half of a draw's K elements, which were kept: 0 neither, 1 the first, 2 the
    second, 3 both. Each element's kept fraction and its independence from those partners show."""
    kept = (out.reshape(out.shape[0], -1) != 0).long()
    K = kept.shape[1]
    return torch.cat([kept[:, 0::2] + 2 * kept[:, 1::2], kept[:, :K // 2] + 2 * kept[:, K // 2:]], dim=1)


def pair_probabilities(case) -> torch.Tensor:
    x, p = case.args
    q = 1 - p
    return torch.tensor([p * p, q * p, p * q, q * q], dtype=torch.float64).expand(x[0].numel(), 4)


DRILL = Drill(entries=[Entry(
    "dropout",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([1.0, 2.0, 3.0, 4.0]), 0.5), kwargs={"generator": gen(3)}, label="the prompt's example"),
        Case(args=(seeded(1, 3, 5), 0.5), kwargs={"training": False, "generator": gen(0)},
             label="training=False is the identity"),
        Case(args=(seeded(2, 4, 4), 0.0), kwargs={"generator": gen(1)}, label="p = 0 keeps everything"),
        Case(args=(seeded(3, 2, 6), 1.0), kwargs={"generator": gen(2)}, label="p = 1 drops everything"),
        Case(args=(seeded(4, 2, 3, 4), 0.3), kwargs={"generator": gen(4)}, label="3-d input"),
        Case(args=(torch.tensor([2.5]), 0.9), kwargs={"generator": gen(5)}, label="one element"),
        Case(args=(torch.tensor(-1.5), 0.4), kwargs={"generator": gen(10)}, label="a 0-d tensor"),
        Case(args=(seeded(7, 3, 4), 1.0), kwargs={"training": False, "generator": gen(6)},
             label="training=False with p = 1 is still the identity"),
        Case(args=(seeded(5, 1000, 100, scale=1e4), 0.99), kwargs={"generator": gen(7)}, scale=1e4,
             label="p = 0.99, inputs near ±1e4"),
        Case(args=(seeded(6, 300, 100), 1e-3), kwargs={"generator": gen(8)}, label="p = 0.001"),
    ],
    invariants=[
        Invariant("survivors x / (1 - p), the others 0", survivors_scaled),
        Invariant("identity when training=False or p = 0", identity_when_off),
        Invariant("zeros when p = 1", zeros_at_one),
        Invariant("gradient 1 / (1 - p) through survivors", gradient_out_over_x),
        Invariant("generator=None draws from torch's global RNG", global_rng_without_generator, drawn=False),
    ],
    sampled=Sampled(cases=[draws((8,), 0.2, "p = 0.2"),
                           draws((2, 4), 0.7, "p = 0.7; the two rows of a draw dropped independently"),
                           draws((4, 2), 0.5, "p = 0.5; neighbours in a row dropped independently")],
                    probs=pair_probabilities, outcome=kept_pairs),
    mistakes=[
        NO_SCALING, BY_KEEP, IGNORES_TRAINING, NAN_AT_ONE,
        Mistake("elements kept with probability p: p is the probability of DROPPING one (keep with probability 1 - p)",
                like=keeps_with_probability_p),
        Mistake("one mask shared by every row: each element is dropped on its own (a mask of x's whole shape)",
                like=one_mask_for_all_rows),
        Mistake("p = 1 divides by zero: return zeros", error="division by zero"),
        Mistake("dropout that edits x in place", check="inputs unchanged"),
    ],
    graded=not_compared,
    loops=Loops(small=Case(args=(seeded(8, 3, 16), 0.3), kwargs={"generator": gen(9)}),
                large=Case(args=(seeded(9, 9, 16), 0.3), kwargs={"generator": gen(9)}), over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 16), 0.3), kwargs={"generator": gen(seed)}), limit=30.0),
)], banned=["torch.nn.functional.dropout", "torch.dropout", "torch.nn.Dropout", "torch.Tensor.dropout",
            "torch.nn.functional.dropout1d", "torch.nn.functional.dropout2d", "torch.nn.functional.dropout3d",
            "torch.nn.functional.alpha_dropout", "torch.nn.functional.feature_alpha_dropout",
            "torch.alpha_dropout", "torch.feature_dropout", "torch.native_dropout"])
