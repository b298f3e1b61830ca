"""Counting what a learner's code does, for the rules that timing cannot see: torch calls and lines
of the learner's own file that grow with a size (a Python loop), and the work itself, elements made
and multiply-adds in matrix products (how it grows with a size: a complexity)."""
from __future__ import annotations

import sys

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode


class TorchCalls(TorchFunctionMode):
    """Counts the torch functions and tensor methods called while active."""

    def __init__(self):
        super().__init__()
        self.n = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.n += 1
        return func(*args, **(kwargs or {}))


class Lines:
    """Counts the lines executed in the given files while active (a trace on those files only)."""

    def __init__(self, filenames):
        self.files, self.n = set(filenames), 0

    def _local(self, frame, event, arg):
        if event == "line":
            self.n += 1
        return self._local

    def _global(self, frame, event, arg):
        return self._local if frame.f_code.co_filename in self.files else None

    def __enter__(self):
        self._old = sys.gettrace()
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._old)
        return False


def work(fn, files) -> tuple[int, int]:
    """(torch calls, lines of `files` run) of fn(), counted on its second run (the first may fill
    caches), without autograd."""
    with torch.no_grad():
        fn()
        with TorchCalls() as calls, Lines(files) as lines:
            fn()
    return calls.n, lines.n


class WorkCount(TorchDispatchMode):
    """The work done while active, counted exactly: the elements every (non-view) aten operator
    makes, and the multiply-adds of matrix products (mm, bmm, their add- forms, mv, dot)."""
    PRODUCTS = {"mm": 0, "bmm": 0, "mv": 0, "dot": 0, "addmm": 1, "baddbmm": 1, "addmv": 1}

    def __init__(self):
        super().__init__()
        self.elements = self.madds = 0
        # the first operation under a dispatch mode imports torch._dynamo (seconds): do it now, not
        # inside the learner's time limit
        import torch._dynamo  # noqa: F401

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if not func.is_view:
            self.elements += sum(t.numel() for t in (out if isinstance(out, (list, tuple)) else [out])
                                 if isinstance(t, torch.Tensor))
        first = self.PRODUCTS.get(func.overloadpacket.__name__)
        if first is not None:
            self.madds += out.numel() * args[first].shape[-1]     # each output element sums over the inner dim
        return out


def count_work(fn) -> tuple[int, int]:
    """(elements made, multiply-adds) of one run of fn(), without autograd: the same numbers for the
    same code and inputs on any machine, at any load."""
    with torch.no_grad(), WorkCount() as counted:
        fn()
    return counted.elements, counted.madds
