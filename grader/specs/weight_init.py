"""weight_init: four entries whose outputs are random, graded by the distribution of their entries:
every entry of a large initialised tensor is one draw, held against the exact CDF of U(-b, b) or
N(0, std²) (one slot, the Dvoretzky–Kiefer–Wolfowitz bound), with the generator honoured. The
sampled shapes are chosen so that each classic mistake moves the distribution far: fan_in against
fan_out on (256, 32), the receptive field on conv shapes, mode="fan_out", a = sqrt(5) (nn.Linear's
own init) where a and a² differ, relu with a given a. Uniform draws also stay within ±b exactly."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="Weight initialisation", zh="权重初始化", topic="training", difficulty="easy", minutes=12,
            oracle="torch.nn.init's distributions (the reference makes its very draws; a learner's "
                   "draws are graded by distribution only)")
HINTS = [
    "fan_in = shape[1] * receptive, fan_out = shape[0] * receptive, receptive = math.prod(shape[2:]). A linear "
    "weight is (out_features, in_features): its fan_in is shape[1].",
    "A uniform U(-b, b) has variance b² / 3, so for a target std: b = sqrt(3) * std. Normal draws use the std "
    "itself.",
    "Kaiming: gain = sqrt(2) for relu, sqrt(2 / (1 + a ** 2)) for leaky_relu; std = gain / sqrt(fan), fan "
    "picked by mode. Xavier: std = gain * sqrt(2 / (fan_in + fan_out)).",
    "torch.empty(shape).uniform_(-b, b, generator=generator), or torch.randn(shape, generator=generator) * std.",
]

FUNCTIONS = ["xavier_uniform", "xavier_normal", "kaiming_uniform", "kaiming_normal"]


def fans(shape):
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


def expected_std(name, case) -> float:
    """The std of the entries that the prompt's formulas give for this call."""
    shape, kw = case.args[0], case.kwargs
    fan_in, fan_out = fans(shape)
    if name.startswith("xavier"):
        return kw.get("gain", 1.0) * math.sqrt(2.0 / (fan_in + fan_out))
    a = kw.get("a", 0.0)
    gain = math.sqrt(2.0) if kw.get("nonlinearity", "leaky_relu") == "relu" else math.sqrt(2.0 / (1 + a * a))
    return gain / math.sqrt(fan_in if kw.get("mode", "fan_in") == "fan_in" else fan_out)


def cdf_of(name):
    """probs(case): the exact CDF of one entry (one slot: every entry is a draw)."""
    def probs(case):
        std = expected_std(name, case)
        if name.endswith("uniform"):
            b = math.sqrt(3.0) * std
            return [lambda x: ((x + b) / (2 * b)).clamp(0.0, 1.0)]
        return [lambda x: 0.5 * (1 + torch.erf(x / (std * math.sqrt(2.0))))]
    return probs


def every_entry(out):
    """The draws: every entry of the initialised tensor, as (entries, 1)."""
    return out.reshape(-1, 1)


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def call(shape, seed=0, label="", **kwargs) -> Case:
    return Case(args=(tuple(shape),), kwargs=kwargs | {"generator": gen(seed)}, label=label)


def inputs_of(name):
    def inputs(draw) -> Case:
        shape = tuple(draw(st.lists(st.integers(1, 6), min_size=2, max_size=4)))
        kwargs = {}
        if name.startswith("xavier"):
            if draw(st.booleans()):
                kwargs["gain"] = draw(st.one_of(st.sampled_from([0.5, 1.0, 2.0]), st.floats(0.1, 5.0)))
        else:
            if draw(st.booleans()):
                kwargs["a"] = draw(st.one_of(st.sampled_from([0.0, 0.01, 0.2, math.sqrt(5)]), st.floats(0.0, 5.0)))
            for key, values in (("mode", ["fan_in", "fan_out"]), ("nonlinearity", ["relu", "leaky_relu"])):
                if draw(st.booleans()):
                    kwargs[key] = draw(st.sampled_from(values))
        return Case(args=(shape,), kwargs=kwargs | {"generator": kit.generator(draw)})
    return inputs


def within_bound(name):
    def check(call_, case):
        out = call_(case)
        if not isinstance(out, torch.Tensor):
            raise Fail(f"expected a tensor, got {type(out).__name__}")
        b = math.sqrt(3.0) * expected_std(name, case)
        top = out.detach().abs().max().item() if out.numel() else 0.0
        if top > b * (1 + 1e-5):
            raise Fail(f"an entry is {top:.4g} in absolute value, outside [-b, b] with b = sqrt(3) * std = {b:.4g}: "
                       f"uniform draws never leave their bound")
    return Invariant("uniform entries within ±b", check)


# ---- classic mistakes, written as a learner would ---------------------------------------------------

def init_like(name, mistake):
    """The entry `name` with one classic mistake: "std as bound" (uniform), "bound as std" (normal),
    "no receptive field", "gain ignored", "fans swapped", "mode ignored", "a not squared", "a ignored",
    "a with relu"."""
    def fans_of(shape):
        receptive = 1 if mistake == "no receptive field" else math.prod(shape[2:])
        fan_in, fan_out = shape[1] * receptive, shape[0] * receptive
        return (fan_out, fan_in) if mistake == "fans swapped" else (fan_in, fan_out)

    def draw(shape, std, generator):
        if name.endswith("uniform"):
            b = std if mistake == "std as bound" else math.sqrt(3.0) * std
            return (torch.rand(shape, generator=generator) * 2 - 1) * b
        s = math.sqrt(3.0) * std if mistake == "bound as std" else std
        return torch.randn(shape, generator=generator) * s

    def xavier(shape, gain=1.0, generator=None):
        fan_in, fan_out = fans_of(shape)
        g = 1.0 if mistake == "gain ignored" else gain
        return draw(shape, g * math.sqrt(2.0 / (fan_in + fan_out)), generator)

    def kaiming(shape, a=0.0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
        fan_in, fan_out = fans_of(shape)
        fan = fan_out if mode == "fan_out" and mistake != "mode ignored" else fan_in
        if mistake == "a ignored" or (nonlinearity == "relu" and mistake != "a with relu"):
            gain = math.sqrt(2.0)
        else:
            gain = math.sqrt(2.0 / (1 + (a if mistake == "a not squared" else a * a)))
        return draw(shape, gain / math.sqrt(fan), generator)
    return xavier if name.startswith("xavier") else kaiming


STD_AS_BOUND = "the std used as the uniform bound: U(-b, b) has std b / sqrt(3), so b = sqrt(3) * std"
BOUND_AS_STD = "the uniform bound used as the normal std: a normal init draws with std = b / sqrt(3) itself"
NO_RECEPTIVE = ("the receptive field left out of the fans: a conv weight (out, in, k, k) has fan_in = in * k * k and "
                "fan_out = out * k * k")
MESSAGES = {
    "std as bound": STD_AS_BOUND,
    "bound as std": BOUND_AS_STD,
    "no receptive field": NO_RECEPTIVE,
    "gain ignored": "`gain` ignored: Xavier's std is gain * sqrt(2 / (fan_in + fan_out))",
    "fans swapped": ("fan_in and fan_out swapped: a weight is (out_features, in_features, ...), so fan_in = shape[1] "
                     "(times the receptive field) and fan_out = shape[0]"),
    "mode ignored": "`mode` ignored: mode='fan_out' divides by fan_out",
    "a not squared": "leaky_relu's gain with a instead of a²: sqrt(2 / (1 + a ** 2))",
    "a ignored": "`a` ignored: leaky_relu's gain is sqrt(2 / (1 + a²)), sqrt(2) only when a = 0",
    "a with relu": "`a` used with nonlinearity='relu': relu's gain is sqrt(2) whatever a",
}
MISTAKES = {
    "xavier_uniform": ["std as bound", "no receptive field", "gain ignored"],
    "xavier_normal": ["bound as std", "no receptive field", "gain ignored"],
    "kaiming_uniform": ["std as bound", "fans swapped", "mode ignored", "no receptive field", "a not squared",
                        "a ignored", "a with relu"],
    "kaiming_normal": ["bound as std", "fans swapped", "mode ignored", "no receptive field", "a not squared",
                       "a ignored", "a with relu"],
}


def sampled_cases(name):
    if name.startswith("xavier"):
        return [call((256, 32), label="(256, 32): 8192 entries"),
                call((16, 8, 8, 8), gain=2.0, label="a conv weight (16, 8, 8, 8), gain 2"),
                call((32, 128), gain=0.5, label="(32, 128), gain 0.5")]
    return [call((256, 32), label="(256, 32): fan_in 32, fan_out 256"),
            call((32, 16, 3, 3), mode="fan_out", nonlinearity="relu",
                 label="a conv weight (32, 16, 3, 3), mode='fan_out', relu: fan_out 288"),
            call((128, 64), a=math.sqrt(5), label="(128, 64), a = sqrt(5) (nn.Linear's init): gain sqrt(1/3)"),
            call((64, 96), a=1.0, nonlinearity="relu", label="(64, 96), relu with a = 1: gain sqrt(2)"),
            call((24, 8, 5, 5), mode="fan_in", label="a conv weight (24, 8, 5, 5): fan_in 200")]


def examples_of(name):
    base = [call((3, 2), seed=1, label="the prompt's kind of call, a small (3, 2)"),
            call((4, 3, 2, 2), seed=2, label="a conv weight (4, 3, 2, 2)"),
            call((1, 1), seed=3, label="(1, 1)"),
            call((5, 7, 3), seed=4, label="a conv1d weight (5, 7, 3)")]
    if name.startswith("xavier"):
        return base + [call((6, 2), seed=5, gain=3.0, label="gain 3")]
    return base + [call((6, 2), seed=5, mode="fan_out", label="mode='fan_out'"),
                   call((2, 6), seed=6, a=0.2, nonlinearity="leaky_relu", label="leaky_relu, a = 0.2"),
                   call((3, 3, 3), seed=7, a=2.0, nonlinearity="relu", label="relu (a ignored)")]


def entry(name):
    return Entry(
        name,
        inputs=inputs_of(name),
        examples=examples_of(name),
        invariants=[within_bound(name)] if name.endswith("uniform") else [],
        sampled=Sampled(cases=sampled_cases(name), probs=cdf_of(name), outcome=every_entry),
        mistakes=[Mistake(MESSAGES[m], like=init_like(name, m)) for m in MISTAKES[name]],
        loops=Loops(small=call((3, 16), seed=8), large=call((9, 16), seed=8), over="the rows"),
        speed=Speed(lambda seed: call((1024, 1024), seed=seed), limit=30.0),
    )


DRILL = Drill(entries=[entry(name) for name in FUNCTIONS], banned=["torch.nn.init"])
