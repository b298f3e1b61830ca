import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from torch._subclasses.fake_tensor import FakeTensorMode

from grader.compare import describe_value
from grader.devices import MIXING
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from reference import activations as ref

META = dict(title="Activations", zh="激活函数", topic="basics", difficulty="easy", minutes=15)
HINTS = [
    "exp(1e4) is inf in float32. Only ever exponentiate numbers <= 0: for sigmoid, use exp(-x) on the "
    "x >= 0 side and exp(x) on the x < 0 side (sigmoid(x) = e^x / (1 + e^x) there).",
    "torch.where computes both branches and back-propagates through both: the branch it drops gets a "
    "zero gradient, and 0 · inf = NaN. Clamp what goes into exp (x.clamp(max=0)) so the dropped branch "
    "stays finite too.",
    "Build on what you have: tanh(x) = 2·sigmoid(2x) - 1, silu(x) = x·sigmoid(x), and the tanh form of "
    "gelu can call your tanh. Exact gelu is 0.5·x·(1 + torch.erf(x / sqrt(2))).",
    "relu, leaky_relu and elu are torch.where(x > 0, x, <the negative side>): 0.0, slope·x, "
    "alpha·expm1(x.clamp(max=0)).",
]

FUNCTIONS = ["sigmoid", "tanh", "relu", "leaky_relu", "elu", "gelu", "silu"]
RTOL, ATOL = 1e-4, 1e-5                  # values: the outputs' precision does not grow with |x| here
GRAD_RTOL, GRAD_ATOL = 1e-3, 1e-4


# ---- the generic checks grade `sigmoid`; Custom checks below grade all seven ---------------------

def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=0, max_size=3))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0, 100.0]))
    # scale stays 1: sigmoid's output lies in (0, 1) whatever the size of x
    x = randn(draw, max(1, math.prod(shape)), scale=scale).reshape(shape)   # shape () is a 0-d tensor
    return Case(args=(x,), seed=draw(st.integers(0, 2**16)))


def _same_shape(out, x):
    if not isinstance(out, torch.Tensor) or out.shape != x.shape:
        got = tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__
        raise Fail(f"expected an output of x's shape {tuple(x.shape)}, got {got}")
    return out


def symmetric(call, case):
    x = case.args[0]
    a, b = _same_shape(call(case), x), _same_shape(call(Case(args=(-x,))), x)
    if not torch.allclose(a + b, torch.ones_like(a), atol=1e-5):
        raise Fail(f"sigmoid(x) + sigmoid(-x) should be 1, got {(a + b).flatten()[:4].tolist()}")


def elementwise(call, case):
    x = case.args[0]
    if x.numel() < 2:
        return
    changed = x.clone()
    changed.view(-1)[0] += 1.0
    a = _same_shape(call(case), x).reshape(-1)[1:]
    b = _same_shape(call(Case(args=(changed,))), x).reshape(-1)[1:]
    if not ((a == b) | (a.isnan() & b.isnan())).all():
        raise Fail("changing the first element of x changed other elements of the output: an "
                   "activation acts on each element on its own")


GRID = torch.tensor([-1e4, -1e3, -100.0, -89.0, -30.0, -10.0, -3.0, -1.0, -1e-3, 0.0,
                     1e-3, 1.0, 3.0, 10.0, 30.0, 89.0, 100.0, 1e3, 1e4])


# ---- classic mistakes, written as a learner would ------------------------------------------------

def sigmoid_naive(x):
    return 1 / (1 + torch.exp(-x))


def sigmoid_exp_over(x):
    return torch.exp(x) / (1 + torch.exp(x))


def sigmoid_where_unclamped(x):
    return torch.where(x >= 0, 1 / (1 + torch.exp(-x)), torch.exp(x) / (1 + torch.exp(x)))


def sigmoid_sign_flipped(x):
    return ref.sigmoid(-x)


def tanh_naive(x):
    return (torch.exp(x) - torch.exp(-x)) / (torch.exp(x) + torch.exp(-x))


def tanh_one_minus(x):
    return 1 - 2 / (torch.exp(2 * x) + 1)


def tanh_half_argument(x):
    return 2 * ref.sigmoid(x) - 1


def leaky_fixed_slope(x, slope=0.01):
    return torch.where(x > 0, x, 0.01 * x)


def leaky_swapped(x, slope=0.01):
    return torch.where(x > 0, slope * x, x)


def elu_where_unclamped(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * (torch.exp(x) - 1))


def elu_fixed_alpha(x, alpha=1.0):
    return ref.elu(x)


def elu_no_minus_one(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.exp(x.clamp(max=0)))


def gelu_always_exact(x, approximate="none"):
    return ref.gelu(x)


def gelu_always_tanh(x, approximate="none"):
    return ref.gelu(x, "tanh")


def gelu_erf_half(x, approximate="none"):
    return 0.5 * x * (1 + torch.erf(x / 2)) if approximate == "none" else ref.gelu(x, approximate)


def gelu_sigmoid_1702(x, approximate="none"):
    return x * ref.sigmoid(1.702 * x)


def gelu_tanh_no_cube(x, approximate="none"):
    if approximate == "none":
        return ref.gelu(x)
    return 0.5 * x * (1 + ref.tanh(math.sqrt(2 / math.pi) * x))


def gelu_tanh_wrong_constant(x, approximate="none"):
    if approximate == "none":
        return ref.gelu(x)
    return 0.5 * x * (1 + ref.tanh(math.sqrt(2) / math.pi * (x + 0.044715 * x ** 3)))


def silu_naive(x):
    return x / (1 + torch.exp(-x))


def silu_without_x(x):
    return ref.sigmoid(x)


OVERFLOW = ("an exp(...) overflowed to inf: only exponentiate numbers <= 0 "
            "(exp(-x) for x >= 0, exp(x) for x < 0)")
NAN_GRADIENT = ("something overflowed to inf in the backward pass: an exp(...) of a large number, maybe in "
                "the branch torch.where drops (it is differentiated too, and its zero gradient times inf is "
                "NaN). Only exponentiate numbers <= 0: clamp them first")
DROPPED_BRANCH = ("torch.where also differentiates the branch it drops: exp(...) there is inf at this x, "
                  "and its zero gradient times inf is NaN. Clamp what goes into exp")
MISTAKES = {
    "sigmoid": [
        ("1 / (1 + exp(-x)): exp(-x) overflows for x << 0, which makes the gradient NaN (0 · inf); "
         "use exp(x) / (1 + exp(x)) on the x < 0 side", sigmoid_naive),
        ("exp(x) / (1 + exp(x)) is inf / inf = NaN for x >> 0; use 1 / (1 + exp(-x)) on the x >= 0 side",
         sigmoid_exp_over),
        (DROPPED_BRANCH, sigmoid_where_unclamped),
        ("sign error: 1 / (1 + exp(x)) is sigmoid(-x)", sigmoid_sign_flipped),
    ],
    "tanh": [
        ("(e^x - e^-x) / (e^x + e^-x) is inf / inf = NaN once |x| > 89; use 2·sigmoid(2x) - 1", tanh_naive),
        ("1 - 2 / (exp(2x) + 1): exp(2x) overflows for x >> 0 and its gradient is NaN; "
         "use 2·sigmoid(2x) - 1 with a stable sigmoid", tanh_one_minus),
        ("2·sigmoid(x) - 1 is tanh(x / 2): the argument is 2x", tanh_half_argument),
    ],
    "relu": [],
    "leaky_relu": [
        ("`slope` ignored (0.01 hard-coded)", leaky_fixed_slope),
        ("slope applied to the positive side instead of the negative side", leaky_swapped),
    ],
    "elu": [
        (DROPPED_BRANCH + ": alpha · expm1(x.clamp(max=0))", elu_where_unclamped),
        ("`alpha` ignored", elu_fixed_alpha),
        ("alpha · exp(x) without the - 1: elu is alpha · (exp(x) - 1) for x <= 0", elu_no_minus_one),
    ],
    "gelu": [
        ("`approximate` ignored: always the exact erf form", gelu_always_exact),
        ("`approximate` ignored: always the tanh form", gelu_always_tanh),
        ("erf(x / 2) instead of erf(x / sqrt(2))", gelu_erf_half),
        ("x · sigmoid(1.702 x) is yet another approximation, not torch's gelu", gelu_sigmoid_1702),
        ("tanh form without the 0.044715 x³ term", gelu_tanh_no_cube),
        ("tanh form with sqrt(2) / pi instead of sqrt(2 / pi)", gelu_tanh_wrong_constant),
    ],
    "silu": [
        ("x / (1 + exp(-x)): exp(-x) overflows for x << 0, which makes the gradient NaN; "
         "use x · sigmoid(x) with a stable sigmoid", silu_naive),
        ("silu is x · sigmoid(x), not sigmoid(x)", silu_without_x),
    ],
}


# ---- the seven functions against torch's own, values and gradients ------------------------------

ORACLES = {   # name -> (torch's function, the keyword arguments it is checked with)
    "sigmoid": (torch.sigmoid, [{}]),
    "tanh": (torch.tanh, [{}]),
    "relu": (torch.relu, [{}]),
    "leaky_relu": (lambda x, slope=0.01: F.leaky_relu(x, slope), [{}, {"slope": 0.2}, {"slope": 0.0}]),
    "elu": (lambda x, alpha=1.0: F.elu(x, alpha), [{}, {"alpha": 0.5}, {"alpha": 2.0}]),
    "gelu": (lambda x, approximate="none": F.gelu(x, approximate=approximate),
             [{}, {"approximate": "tanh"}, {"approximate": "none"}]),
    "silu": (F.silu, [{}]),
}
FIXED = [
    ("the prompt's example", torch.tensor([-2.0, -0.5, 0.5, 2.0])),
    ("a (2, 3, 4) tensor", seeded(1, 2, 3, 4)),
    ("a 0-d tensor", torch.tensor(-1.5)),
    ("values near ±3", seeded(2, 3, 5, scale=3.0)),
    ("values near ±10", seeded(3, 3, 5, scale=10.0)),
    ("|x| from 1e-3 to 1e4", GRID),
    ("values near ±1e4", seeded(4, 4, 6, scale=1e4)),
]


def _with_grad(fn, x, kwargs, up):
    xg = x.clone().requires_grad_(True)
    out = fn(xg, **kwargs)
    grad, = torch.autograd.grad(out, xg, up)
    return out.detach(), grad


def _expected(name):
    """(kwargs, label, x, upstream gradient, torch's output, torch's gradient) for each checked call.
    Computed when this file is imported, outside the banned-call watch."""
    oracle, variants = ORACLES[name]
    rows = []
    for kwargs in variants:
        for i, (label, x) in enumerate(FIXED):
            up = seeded(100 + i, x.numel()).reshape(x.shape)
            rows.append((kwargs, label, x, up, *_with_grad(oracle, x, kwargs, up)))
    return rows


EXPECTED = {name: _expected(name) for name in FUNCTIONS}


def _call_text(name, x, kwargs, label):
    args = ", ".join([f"x={describe_value(x)}"] + [f"{k}={v!r}" for k, v in kwargs.items()])
    return f"{name}({args}) [{label}]"


def _learner_error(e: Exception, fn) -> str:
    if isinstance(e, NotImplementedError):
        return "still raises NotImplementedError: fill in its TODO"
    tb, line = e.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == fn.__code__.co_filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f"raised {type(e).__name__}: {e}" + (f" (line {line})" if line else "")


def _off(want, got, rtol, atol, mask=None):
    """Boolean tensor of the elements of got that are not close to want (NaN or inf included)."""
    w, g = want.double(), got.detach().double()
    bad = ~torch.isclose(g, w, rtol=rtol, atol=atol) | (~torch.isfinite(g) & torch.isfinite(w))
    return bad & mask if mask is not None else bad


def _likely(name, x, kwargs, up, got, want, grad=False) -> str:
    """The classic mistake whose output (or gradient) equals the learner's, if any."""
    for cause, like in MISTAKES[name]:
        try:
            out = _with_grad(like, x, kwargs, up)[1] if grad else like(x, **kwargs)
        except Exception:
            continue
        tol = (GRAD_RTOL, GRAD_ATOL) if grad else (RTOL, ATOL)
        mask = (x != 0) if grad else None
        same = not (_off(out, got, *tol, mask) & ~(out.isnan() & got.isnan())).any()
        if same and _off(want, out, *tol, mask).any():
            return f" — likely cause: {cause}"
    if not torch.isfinite(got).all():
        return f" — likely cause: {NAN_GRADIENT if grad else OVERFLOW}"
    return ""


def _first_off(x, want, got, bad, what) -> str:
    idx = tuple(bad.nonzero()[0].tolist())
    return (f"{what} at x = {x[idx].item():.6g}: expected {want[idx].item():.6g}, got "
            f"{got.detach()[idx].item():.6g} ({int(bad.sum())} of {bad.numel()} elements off)")


def _run(fn, name, x, kwargs, label):
    call = _call_text(name, x, kwargs, label)
    given = x.clone()
    try:
        out = fn(given, **kwargs)
    except Exception as e:
        raise Fail(f"{call}: {_learner_error(e, fn)}") from None
    if not torch.equal(given, x):
        raise Fail(f"{call} modified its input x in place; inputs must be left as they were "
                   f"(x.clamp_(...), x[...] = ..., or an in-place op like relu_ on x)")
    if not isinstance(out, torch.Tensor):
        hint = " (torch.max(x, 0) is a reduction over dim 0, not max(x, 0) element by element)" \
            if type(out).__name__ in ("max", "min") else ""
        raise Fail(f"{call} should return a tensor of x's shape, got {type(out).__name__}{hint}")
    if out.shape != x.shape or out.dtype != x.dtype:
        raise Fail(f"{call} should return shape {tuple(x.shape)} {x.dtype}, got {tuple(out.shape)} {out.dtype}")
    return call, out


def _emulated_device(fn, name, kwargs):
    """Run on fake tensors on the `meta` device: a tensor made on the CPU then mixes devices."""
    mode = FakeTensorMode()
    x = mode.from_tensor(seeded(9, 2, 3).to("meta"))
    try:
        with mode:
            out = fn(x, **kwargs)
    except Exception as e:
        if any(s in str(e).lower() for s in MIXING):
            raise Fail(f"{name} on a non-CPU device raises: {str(e).splitlines()[0]} — a tensor is made on a "
                       f"fixed device; make it with device=x.device (or torch.*_like)") from None
        return   # not something fake tensors can follow: nothing to say
    if isinstance(out, torch.Tensor) and out.device.type != "meta":
        raise Fail(f"{name}: the output is on {out.device} while the input is on another device")


def against_torch(name):
    def check(module):
        fn = getattr(module, name)
        for kwargs, label, x, up, want, want_grad in EXPECTED[name]:
            call, out = _run(fn, name, x, kwargs, label)
            bad = _off(want, out, RTOL, ATOL)
            if bad.any():
                raise Fail(f"{call}: {_first_off(x, want, out, bad, 'value')} (rtol {RTOL:g}, atol {ATOL:g})"
                           + _likely(name, x, kwargs, up, out.detach(), want))
            xg = x.clone().requires_grad_(True)
            try:
                out = fn(xg, **kwargs)
                if not out.requires_grad:
                    raise Fail(f"{call}: the output is not connected to x's autograd graph (detached, .data, "
                               f".item(), or built under torch.no_grad?)")
                grad, = torch.autograd.grad(out, xg, up, allow_unused=True)
            except Fail:
                raise
            except Exception as e:
                raise Fail(f"{call}, backward: {_learner_error(e, fn)}") from None
            if grad is None:
                raise Fail(f"{call}: no gradient reaches x")
            bad = _off(want_grad, grad, GRAD_RTOL, GRAD_ATOL, mask=x != 0)   # kinks at 0 are not graded
            if bad.any():
                raise Fail(f"{call}: {_first_off(x, want_grad, grad, bad, 'gradient')} (rtol {GRAD_RTOL:g}, "
                           f"atol {GRAD_ATOL:g})" + _likely(name, x, kwargs, up, grad, want_grad, grad=True))
        _emulated_device(fn, name, EXPECTED[name][0][0])
    return check


DRILL = Drill(
    entry="sigmoid",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([-2.0, -0.5, 0.5, 2.0]),), label="the prompt's example"),
        Case(args=(seeded(1, 2, 3, 4),), label="a (2, 3, 4) tensor"),
        Case(args=(torch.tensor(-1.5),), label="a 0-d tensor"),
        Case(args=(seeded(2, 3, 5, scale=30.0),), label="values near ±30"),
    ],
    extreme=[
        Case(args=(GRID,), label="|x| from 1e-3 to 1e4"),
        Case(args=(seeded(3, 4, 6, scale=1e4),), label="values near ±1e4"),
        Case(args=(seeded(4, 2, 4096, scale=10.0),), label="long rows"),
    ],
    invariants=[Invariant("sigmoid(-x) = 1 - sigmoid(x)", symmetric),
                Invariant("elementwise", elementwise)],
    custom=[Custom(name, against_torch(name)) for name in FUNCTIONS],
    mistakes=[Mistake(cause, like=like) for cause, like in MISTAKES["sigmoid"]],
    banned=["torch.sigmoid", "torch.sigmoid_", "torch.Tensor.sigmoid", "torch.Tensor.sigmoid_",
            "torch.special.expit", "torch.nn.functional.sigmoid", "torch.nn.Sigmoid",
            "torch.tanh", "torch.tanh_", "torch.Tensor.tanh", "torch.Tensor.tanh_",
            "torch.nn.functional.tanh", "torch.nn.Tanh",
            "torch.relu", "torch.relu_", "torch.Tensor.relu", "torch.Tensor.relu_",
            "torch.nn.functional.relu", "torch.nn.functional.relu_", "torch.nn.ReLU",
            "torch.nn.functional.leaky_relu", "torch.nn.functional.leaky_relu_", "torch.nn.LeakyReLU",
            "torch.nn.functional.elu", "torch.nn.functional.elu_", "torch.nn.ELU",
            "torch.nn.functional.celu", "torch.celu", "torch.nn.CELU",
            "torch.nn.functional.gelu", "torch.nn.GELU",
            "torch.nn.functional.silu", "torch.nn.SiLU"],
    speed=lambda: Case(args=(seeded(5, 4096, 32, scale=5.0),)),
    speed_limit=40.0,
)
