"""activations: seven entries, one per function, each graded on values and gradients over x up to
±1e4 and over the whole range of its parameter (negative slopes and alphas included). Particular to
it: gradients at a kink (x = 0 of relu, leaky_relu, elu) are not graded, and the classic mistakes
are the overflowing textbook formulas and a torch.where whose dropped branch overflows."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Activations", zh="激活函数", topic="basics", difficulty="easy", minutes=15,
            oracle="torch.nn.functional activations (F.relu, F.gelu, F.silu, …)")
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
KINKED = {"relu", "leaky_relu", "elu"}                      # a kink at x = 0: its gradient is not graded
PARAMETER = {   # the keyword each function takes, and a strategy over its whole domain
    "leaky_relu": ("slope", st.one_of(st.sampled_from([0.0, 0.01, 0.2, 1.0]), st.floats(0.0, 1.0))),
    "elu": ("alpha", st.one_of(st.sampled_from([0.0, 0.5, 1.0, 2.0]), st.floats(0.0, 5.0))),
    "gelu": ("approximate", st.sampled_from(["none", "tanh"])),
}
GRID = torch.tensor([-1e4, -1e3, -100.0, -89.0, -30.0, -10.0, -3.0, -1.0, -1e-3, 0.0,
                     1e-3, 1.0, 3.0, 10.0, 30.0, 89.0, 100.0, 1e3, 1e4])


def inputs_of(name):
    def inputs(draw) -> Case:
        shape = draw(st.lists(st.integers(1, 6), min_size=0, max_size=3))
        scale = draw(st.sampled_from([1.0, 3.0, 10.0, 100.0, 1e4]))
        x = kit.randn(draw, max(1, math.prod(shape)), scale=scale).reshape(shape)   # shape () is a 0-d tensor
        kwargs = {}
        if name in PARAMETER:
            key, values = PARAMETER[name]
            if draw(st.booleans()):
                kwargs[key] = draw(values)
        # outputs of relu-like functions grow with |x| and |slope|; the others stay within 1 or follow x
        return Case(args=(x,), kwargs=kwargs, scale=scale if name not in ("sigmoid", "tanh") else 1.0,
                    seed=draw(st.integers(0, 2**16)))
    return inputs


def not_at_kink(case, expected):
    return case.args[0] != 0


def symmetric(call, case):
    x = case.args[0]
    a, b = call(case), call(Case(args=(-x,)))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != x.shape:
        raise Fail("expected a tensor of x's shape")
    if not torch.allclose(a + b, torch.ones_like(a), atol=1e-5):
        raise Fail(f"sigmoid(x) + sigmoid(-x) should be 1, got {(a + b).flatten()[:4].tolist()}")


# ---- classic mistakes, written as a learner would ------------------------------------------------
# A learner's file with one function wrong has the others right: those the mistakes build on.

def sigmoid(x):
    pos = 1 / (1 + torch.exp(-x.clamp(min=0)))
    e = torch.exp(x.clamp(max=0))
    return torch.where(x >= 0, pos, e / (1 + e))


def tanh(x):
    return 2 * sigmoid(2 * x) - 1


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.expm1(x.clamp(max=0)))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))


def sigmoid_naive(x):
    return 1 / (1 + torch.exp(-x))


def sigmoid_exp_over(x):
    return torch.exp(x) / (1 + torch.exp(x))


def sigmoid_where_unclamped(x):
    return torch.where(x >= 0, 1 / (1 + torch.exp(-x)), torch.exp(x) / (1 + torch.exp(x)))


def sigmoid_sign_flipped(x):
    return sigmoid(-x)


def tanh_naive(x):
    return (torch.exp(x) - torch.exp(-x)) / (torch.exp(x) + torch.exp(-x))


def tanh_one_minus(x):
    return 1 - 2 / (torch.exp(2 * x) + 1)


def tanh_half_argument(x):
    return 2 * sigmoid(x) - 1


def leaky_fixed_slope(x, slope=0.01):
    return torch.where(x > 0, x, 0.01 * x)


def leaky_swapped(x, slope=0.01):
    return torch.where(x > 0, slope * x, x)


def elu_where_unclamped(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * (torch.exp(x) - 1))


def elu_fixed_alpha(x, alpha=1.0):
    return elu(x)


def elu_no_minus_one(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.exp(x.clamp(max=0)))


def gelu_always_exact(x, approximate="none"):
    return gelu(x)


def gelu_always_tanh(x, approximate="none"):
    return gelu(x, "tanh")


def gelu_erf_half(x, approximate="none"):
    return 0.5 * x * (1 + torch.erf(x / 2)) if approximate == "none" else gelu(x, approximate)


def gelu_sigmoid_1702(x, approximate="none"):
    return x * sigmoid(1.702 * x)


def gelu_tanh_no_cube(x, approximate="none"):
    if approximate == "none":
        return gelu(x)
    return 0.5 * x * (1 + tanh(math.sqrt(2 / math.pi) * x))


def gelu_tanh_wrong_constant(x, approximate="none"):
    if approximate == "none":
        return gelu(x)
    return 0.5 * x * (1 + tanh(math.sqrt(2) / math.pi * (x + 0.044715 * x ** 3)))


def silu_naive(x):
    return x / (1 + torch.exp(-x))


def silu_without_x(x):
    return sigmoid(x)


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




def sigmoid_abs(x):
    e = torch.exp(-x.abs())
    return torch.where(x >= 0, torch.ones_like(x), e) / (1 + e)


def tanh_abs(x):
    e = torch.exp(-2 * x.abs())
    return torch.sign(x) * (1 - e) / (1 + e)


AT_ZERO = ("the gradient at x = 0 is lost: |x| and sign(x) have gradient 0 there, so a formula in |x| gets "
           "the wrong derivative at 0 (the function is smooth there); choose the branch with torch.where on "
           "x >= 0 instead")
MISTAKES["sigmoid"].append((AT_ZERO, sigmoid_abs))
MISTAKES["tanh"].append((AT_ZERO, tanh_abs))
SIGMOID_PART = "built on a sigmoid that overflows (see sigmoid): fix that one first"
TANH_PART = "built on a tanh that overflows (see tanh): fix that one first"
MISTAKES["silu"].append((SIGMOID_PART, lambda x: x * sigmoid_exp_over(x)))   # x · naive sigmoid is silu_naive
for unstable in (sigmoid_naive, sigmoid_exp_over):
    MISTAKES["tanh"].append((SIGMOID_PART, lambda x, s=unstable: 2 * s(2 * x) - 1))
for unstable in (tanh_naive, tanh_one_minus, lambda x: 2 * sigmoid_naive(2 * x) - 1,
                 lambda x: 2 * sigmoid_exp_over(2 * x) - 1):
    MISTAKES["gelu"].append((TANH_PART, lambda x, approximate="none", t=unstable: gelu(x) if approximate == "none"
                             else 0.5 * x * (1 + t(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))))


def examples_of(name):
    variants = [{}]
    if name in PARAMETER:
        key = PARAMETER[name][0]
        variants += {"slope": [{"slope": 0.2}, {"slope": 1.0}, {"slope": 0.0}],
                     "alpha": [{"alpha": 0.5}, {"alpha": 2.0}, {"alpha": 0.0}],
                     "approximate": [{"approximate": "tanh"}, {"approximate": "none"}]}[key]
    fixed = [("the prompt's example", torch.tensor([-2.0, -0.5, 0.5, 2.0]), 1.0),
             ("a (2, 3, 4) tensor", seeded(1, 2, 3, 4), 1.0),
             ("a 0-d tensor", torch.tensor(-1.5), 1.0),
             ("values near ±3", seeded(2, 3, 5, scale=3.0), 3.0)]
    return [Case(args=(x,), kwargs=kw, label=label + (f", {kw}" if kw else ""), scale=scale)
            for kw in variants for label, x, scale in fixed]


def extreme_of(name):
    big = 1.0 if name in ("sigmoid", "tanh") else 1e4
    return [Case(args=(GRID,), label="|x| from 1e-3 to 1e4", scale=big),
            Case(args=(seeded(4, 4, 6, scale=1e4),), label="values near ±1e4", scale=big),
            Case(args=(seeded(5, 3, 5, scale=89.0),), label="values near ±89, where exp overflows in float32",
                 scale=1.0 if big == 1.0 else 89.0)] + \
        ([Case(args=(GRID,), kwargs={k: v}, label=f"|x| up to 1e4, {k}={v!r}", scale=big)
          for k, v in [(PARAMETER[name][0], {"slope": 0.3, "alpha": 2.0, "approximate": "tanh"}[PARAMETER[name][0]])]]
         if name in PARAMETER else [])


def entry(name):
    return Entry(
        name,
        inputs=inputs_of(name),
        examples=examples_of(name),
        extreme=extreme_of(name),
        invariants=[kit.elementwise()] + ([Invariant("sigmoid(-x) = 1 - sigmoid(x)", symmetric)]
                                          if name == "sigmoid" else []),
        mistakes=[Mistake(cause, like=like) for cause, like in MISTAKES[name]],
        graded=not_at_kink if name in KINKED else None,
        loops=Loops(small=Case(args=(seeded(7, 3, 16),)), large=Case(args=(seeded(8, 9, 16),)),
                    over="the elements"),
        speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 32, scale=5.0),)), limit=40.0)
        if name in ("sigmoid", "gelu") else None,
    )


DRILL = Drill(
    entries=[entry(name) for name in FUNCTIONS],
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
)
