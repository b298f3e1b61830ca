"""The vocabulary of a grading declaration (grader/specs/<id>.py).

A declaration says only what is particular to its drill: how to draw consistent inputs, the
edge cases, invariants that need no reference, the classic mistakes, banned calls and the speed
case. The generic pipeline (grader/pipeline.py) does everything else.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import torch


class Fail(AssertionError):
    """Raised by an invariant or a custom check: the message is shown to the learner, and the
    classic mistake, when the check can tell which one it is, is named beside it."""

    def __init__(self, message: str, mistake: str = ""):
        super().__init__(message)
        self.mistake = mistake


@dataclass
class Case:
    """One call: `init` builds a module (None for a function drill), then args/kwargs call it."""
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    init: tuple | None = None
    label: str = ""          # names an explicit edge example ("length 1", "all masked")
    scale: float = 1.0       # magnitude of the inputs: tolerances grow with it
    seed: int = 0            # seeds the module's weights and the upstream gradient


@dataclass
class Mistake:
    """A classic mistake, named when the learner's failure matches it.

    like:  an implementation with the entry's interface that makes the mistake; named when the
           learner's output on the failing case equals its output.
    error: a regular expression matched against the learner's exception message.
    check: named whenever that check fails (e.g. "inputs unchanged").
    """
    name: str
    like: Any = None
    error: str | None = None
    check: str | None = None


@dataclass
class Invariant:
    """A property of the learner's output alone: fn(call, case) raises Fail when it is broken."""
    name: str
    fn: Callable


@dataclass
class Custom:
    """A check of its own kind: fn(module) raises Fail; module is the learner's loaded file."""
    name: str
    fn: Callable


def default_run(impl, case: Case):
    """Call the entry. For a module drill, impl is the module already built from case.init,
    loaded with the reference's weights and put in eval() mode."""
    return impl(*case.args, **case.kwargs)


@dataclass
class Drill:
    entry: str                                   # the function or class the values are graded on
    inputs: Callable                             # inputs(draw) -> Case, with Hypothesis' draw
    examples: list = field(default_factory=list)  # explicit edge Cases, always run first
    extreme: list = field(default_factory=list)   # extreme Cases: large logits, long rows
    invariants: list = field(default_factory=list)
    custom: list = field(default_factory=list)
    mistakes: list = field(default_factory=list)
    banned: list = field(default_factory=list)    # dotted names of functions or module classes
    run: Callable = default_run                   # run(impl, case) -> output; impl is the entry
    graded: Callable | None = None                # graded(case, expected) -> bool mask of graded elements
    tol: dict = field(default_factory=dict)       # {"float32": (rtol, atol)} overrides
    half: bool = False                            # also graded in float16 / bfloat16
    grad: bool = True                             # gradients of float inputs and parameters
    speed: Callable | None = None                 # () -> Case of benchmark size
    speed_limit: float = 3.0                      # fail when learner / reference time is above
    max_intermediate: Callable | None = None      # case -> most elements one intermediate may hold
    memory_case: Callable | None = None           # () -> Case the memory rule is checked on
    device: bool = True
    max_examples: int = 60


# ---- helpers for drawing inputs ---------------------------------------------------------------

def randn(draw, *shape, scale: float = 1.0, dtype=torch.float32) -> torch.Tensor:
    """A normal tensor from a drawn seed: Hypothesis draws the shape and seed, torch the values."""
    from hypothesis import strategies as st
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    return (torch.randn(tuple(shape), generator=g) * scale).to(dtype)


def seeded(seed: int, *shape, scale: float = 1.0) -> torch.Tensor:
    """A normal tensor from a fixed seed, for explicit examples and speed cases."""
    g = torch.Generator().manual_seed(seed)
    return torch.randn(tuple(shape), generator=g) * scale


def random_mask(draw, *shape, keep_first: bool = True) -> torch.Tensor:
    """A boolean padding-style mask; with keep_first, position 0 is always True."""
    from hypothesis import strategies as st
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    m = torch.rand(*shape, generator=g) < 0.7
    if keep_first:
        m[..., 0] = True
    return m

