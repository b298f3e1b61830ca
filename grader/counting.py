"""Counting what a learner's code does, for checks that timing cannot make: torch calls that grow
with the batch or head count (a Python loop), and which Python functions it reached."""
import inspect
import sys

import torch
from torch.overrides import TorchFunctionMode

from grader.spec import Fail


class TorchCalls(TorchFunctionMode):
    """Counts the torch functions and tensor methods called while active."""

    def __init__(self):
        super().__init__()
        self.n = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.n += 1
        return func(*args, **(kwargs or {}))


def torch_calls(fn) -> int:
    """How many torch calls fn() makes, counted on its second run (the first may fill caches)."""
    with torch.no_grad():
        fn()
        with TorchCalls() as calls:
            fn()
    return calls.n


def same_calls(counts: dict, what: str):
    """Fail when a vectorised implementation would not: the number of torch calls depends on
    the batch or head count, so Python is looping over them."""
    (a, n_a), (b, n_b) = counts.items()
    if n_a != n_b:
        raise Fail(f"{n_a} torch calls for {a} but {n_b} for {b}: the work grows with {what}, so a Python "
                   f"loop runs over them. Use batched tensor operations (matmul broadcasts over leading dims)")


def python_calls(functions: dict, fn, *args):
    """(fn(*args), the names in `functions` that it called). The engine's banned-call guard sees torch
    operations only; a profile hook sees any Python function however it was imported
    (`from heapq import nlargest`, or Counter.most_common calling it)."""
    codes = {inspect.unwrap(f).__code__: name for name, f in functions.items()}
    seen = []

    def hook(frame, event, arg):
        if event == "call" and codes.get(frame.f_code) and codes[frame.f_code] not in seen:
            seen.append(codes[frame.f_code])
    old = sys.getprofile()
    sys.setprofile(hook)
    try:
        out = fn(*args)
    finally:
        sys.setprofile(old)
    return out, seen

