"""The vocabulary of a grading declaration (grader/specs/<id>.py).

A declaration says only what is particular to its drill: its entries (the functions, classes or
methods the learner writes), how to draw consistent inputs for each, the edge cases, invariants
that need no reference, the classic mistakes, banned calls, and which first-class kinds of check
apply (sampled outputs, stateful steps, no Python loop, work, speed, memory). The generic pipeline
(grader/engine/pipeline.py) runs every kind of check on every entry.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


class Fail(AssertionError):
    """Raised by an invariant: the message is shown to the learner, and the classic mistake, when
    the invariant can tell which one it is, is named beside it. case: the call shown with it, where
    the invariant made it from the drawn one (causal=True set); the drawn case by default."""

    def __init__(self, message: str, mistake: str = "", case: Case | None = None):
        super().__init__(message)
        self.mistake, self.case = mistake, case


@dataclass
class Case:
    """One call: `init` builds a class entry (None for a function), then args/kwargs call it."""
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    init: tuple | None = None
    label: str = ""          # names an explicit example ("length 1", "all masked")
    scale: float = 1.0       # magnitude of the inputs: absolute tolerances grow with it
    seed: int = 0            # seeds the module's weights and the upstream gradient


@dataclass
class Mistake:
    """A classic mistake, named when the learner's failure matches it and no other mistake does.

    like:  a plain function or class with the entry's interface, written as a learner would, that
           makes the mistake; it stands in for the entry (the rest of the drill is the reference's).
    error: a regular expression matched against the message of what the learner's code raised.
    check: the name of an engine check with a single way to fail ("inputs unchanged").
    hint:  what `drill hint` shows first once this mistake was named.
    """
    name: str
    like: Any = None
    error: str | None = None
    check: str | None = None
    hint: str = ""


@dataclass
class Invariant:
    """A property of the learner's output alone: fn(call, case) raises Fail when it is broken.
    call(case) runs the learner's entry on a case; for a class entry call(case, state=f, train=True)
    builds it with weights changed by f(weights) and leaves it in train() mode. call.graded(case)
    is the entry's `graded` mask for that call (None: every element is graded): an invariant judges
    only what the values check grades (a query with no key to attend is graded by neither).
    drawn=False: the invariant builds its own inputs, so it runs once. live: the invariant runs where
    the learner's code runs, for what only a live run shows (an autograd graph, gradcheck, a model
    that counts its calls, torch's global generator); live=False (the kit's family invariants): in
    the judge, on the outputs as data (tensors without their autograd graph)."""
    name: str
    fn: Callable
    drawn: bool = True
    live: bool = True


@dataclass
class Sampled:
    """The entry's output is random: it is judged by frequencies over many draws.

    cases:   calls whose output has the draws along dim 0 (e.g. logits expanded to (N, R, V)
             give N draws for each of R rows), each called once with a seeded generator.
    probs:   case -> exact probabilities (slots, categories) of the outcome; without it the
             learner's draws are compared with the reference's (two-sample tests).
    outcome: output -> LongTensor (draws, slots) of categories (default: the output itself).
    generator: the keyword the generator is passed by.
    """
    cases: list
    probs: Callable | None = None
    outcome: Callable | None = None
    generator: str = "generator"


@dataclass
class Loops:
    """No Python loop over `over`: the learner's entry makes as many torch calls and runs as many
    lines of its own code on `large` as on `small` (the two differ only in that size)."""
    small: Case
    large: Case
    over: str


@dataclass
class Work:
    """The work grows with a size no faster than the prompt says, which the prompt then says in
    words ("linear in S"): the elements every (non-view) aten operator makes and the multiply-adds
    of matrix products, counted (never timed) on case(n) for the two n of `sizes`. The work may grow
    like n ** at_most; growing faster by more than half a power fails (so O(n log n) passes as
    linear and O(n²) does not). `grows` names the size as the prompt does."""
    case: Callable           # case(n) -> a Case whose size `grows` is n, everything else fixed
    sizes: tuple             # (small n, large n)
    grows: str
    at_most: float = 1.0


@dataclass
class Speed:
    """Speed against the reference: `case(seed)` makes a benchmark-sized case (a fresh one for
    every timed call); the learner may take at most `limit` times the reference's CPU time. The
    limit lets every correct approach the prompt allows pass (float64 inside, another algorithm,
    hand-written against fused): 30 or more, it catches pathological slowness only; loops that
    cost less are for Loops to count."""
    case: Callable
    limit: float


@dataclass
class Memory:
    """No intermediate larger than limit(case) elements while the entry runs on `case`."""
    case: Case
    limit: Callable


class Trace(list):
    """The outputs of a stateful sequence, step by step: [(the step's call, its output), ...].
    Compared step by step, so a failure names the first step that differs and its call."""

    def step(self, call: str, output) -> None:
        self.append((call, output))


@dataclass
class Entry:
    """One thing the learner writes: a function "softmax", a class "MultiHeadAttention" (graded
    through its forward), or a method "KVCache.update" (of an instance built from case.init).

    With ranks, the entry is distributed: run(impl, case, ns) is what every rank of a real gloo
    process group of ranks(case) processes does (grader/engine/distributed.py), impl being the learner's
    function or class as it is (the rank builds it), and the output is a Trace with one step per
    rank. A hang, a rank that ends, or what a rank raised is the learner's error, said with its rank."""
    name: str
    inputs: Callable                                   # inputs(draw) -> Case, with Hypothesis' draw
    examples: list = field(default_factory=list)       # explicit cases, always run first
    extreme: list = field(default_factory=list)        # large logits, long rows, ...
    invariants: list = field(default_factory=list)
    mistakes: list = field(default_factory=list)
    run: Callable | None = None     # run(impl, case, ns) -> output; impl is the built entry, ns its file
    graded: Callable | None = None  # graded(case, expected) -> bool mask of the elements graded
    tol: dict = field(default_factory=dict)           # {"float32": (rtol, atol), "grad": ...} overrides
    half: bool = False              # also graded in float16 and bfloat16
    grad: bool = True               # gradients of float inputs and parameters
    sampled: Sampled | None = None
    loops: Loops | None = None
    work: Work | None = None
    speed: Speed | None = None
    memory: Memory | None = None
    device: bool = True
    ranks: Callable | None = None   # ranks(case) -> world size: run on every rank of a process group (below)


@dataclass
class Drill:
    entries: list
    banned: list = field(default_factory=list)         # dotted names: functions, classes, modules, "import x"
    mistakes: list = field(default_factory=list)       # named on any entry (error patterns)
    numpy: bool = False             # NumPy only: importing torch is banned; no gradients or devices
    autograd: bool = True           # False: gradients by hand, torch.autograd and .backward() banned
    max_examples: int = 40
