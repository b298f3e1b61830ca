"""What watches the learner's code while it runs: banned calls, a time limit per call, in-place
changes of inputs, and the size of intermediates."""
from __future__ import annotations

import builtins
import contextlib
import errno
import importlib
import signal

import numpy as np
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode


LEARNER_PREFIX = "learner_"  # the learner's file is loaded as module learner_<id>
OUTPUT_LIMIT = 16 * 2**20   # bytes the learner's code may print (RLIMIT_FSIZE on the output file)


class CallTimeout(BaseException):
    """The learner's call ran past its limit. A BaseException, so `except Exception` can't eat it."""


class LearnerExit(BaseException):
    """The learner's code called sys.exit(), raised KeyboardInterrupt or printed too much."""


def resolve(dotted: str):
    """'torch.nn.functional.softmax' -> the object, or None when this torch has no such name."""
    parts = dotted.split(".")
    for i in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for p in parts[i:]:
                obj = getattr(obj, p)
            return obj
        except AttributeError:
            return None
    return None


class BannedCalls(TorchFunctionMode):
    """Records, while active, calls of banned torch functions, forward calls of banned nn.Module
    classes, and imports of banned modules ("import torch") by the learner's file."""

    def __init__(self, names: list[str]):
        super().__init__()
        self.functions, self.classes = {}, {}
        self.modules = [n.removeprefix("import ").strip() for n in names if n.startswith("import ")]
        for name in names:
            if name.startswith("import "):
                continue
            obj = resolve(name)
            if isinstance(obj, type) and issubclass(obj, torch.nn.Module):
                self.classes[obj] = name
            elif obj is not None:
                self.functions[id(obj)] = name
                packet = getattr(obj, "overloadpacket", None)
                if packet is not None:
                    self.functions[id(packet)] = name
        self.seen: list[str] = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = self.functions.get(id(func)) or self.functions.get(id(getattr(func, "overloadpacket", None)))
        if name and name not in self.seen:
            self.seen.append(name)
        return func(*args, **(kwargs or {}))

    def _module_hook(self, module, args):
        name = self.classes.get(type(module)) or next(
            (n for c, n in self.classes.items() if isinstance(module, c)), None)
        if name and name not in self.seen:
            self.seen.append(name)

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        importer = (globals or {}).get("__name__", "")
        if importer.startswith(LEARNER_PREFIX) and level == 0:
            for banned in self.modules:
                if (name == banned or name.startswith(banned + ".")) and f"import {banned}" not in self.seen:
                    self.seen.append(f"import {banned}")
        return self._real_import(name, globals, locals, fromlist, level)

    def __enter__(self):
        self._handle = torch.nn.modules.module.register_module_forward_pre_hook(self._module_hook)
        if self.modules:
            self._real_import = builtins.__import__
            builtins.__import__ = self._import
        return super().__enter__()

    def __exit__(self, *exc):
        self._handle.remove()
        if self.modules:
            builtins.__import__ = self._real_import
        return super().__exit__(*exc)


@contextlib.contextmanager
def time_limit(seconds: float):
    """Interrupt the learner's Python code after `seconds` (a hang inside one C++ op is left to
    the parent's wall-clock limit)."""
    def on_alarm(signum, frame):
        raise CallTimeout(f"did not return within {seconds:g} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def learner_code(seconds: float):
    """Everything the learner's code runs inside: a time limit, and sys.exit turned into a verdict."""
    try:
        with time_limit(seconds):
            yield
    except (SystemExit, KeyboardInterrupt) as e:
        what = f"sys.exit({e.code!r})" if isinstance(e, SystemExit) else "KeyboardInterrupt"
        raise LearnerExit(f"your code raised {what}") from None
    except OSError as e:
        if e.errno == errno.EFBIG:   # the output file hit its size limit (RLIMIT_FSIZE)
            raise LearnerExit(f"your code printed more than {OUTPUT_LIMIT // 2**20} MB and was stopped") from None
        raise


def tensors_in(tree, path="") -> list[tuple[str, torch.Tensor]]:
    """The tensors in a nest of lists, tuples and dicts (NumPy arrays as tensors sharing memory)."""
    if isinstance(tree, torch.Tensor):
        return [(path, tree)]
    if isinstance(tree, np.ndarray) and tree.dtype != object:
        return [(path, torch.from_numpy(tree))]
    if isinstance(tree, (list, tuple)):
        return [t for i, x in enumerate(tree) for t in tensors_in(x, f"{path}[{i}]")]
    if isinstance(tree, dict):
        return [t for k, x in tree.items() for t in tensors_in(x, f"{path}[{k!r}]")]
    return []


class Snapshot:
    """Copies of the inputs taken before a call, to tell whether the call changed them in place."""

    def __init__(self, named: dict):
        self.before = [(n + p, t, t.detach().clone()) for n, v in named.items() for p, t in tensors_in(v)]
        self.lists = [(n, v, list(v)) for n, v in named.items()
                      if isinstance(v, list) and all(isinstance(x, (int, float, str)) for x in v)]

    def changed(self) -> list[str]:
        tensors = [name for name, t, copy in self.before
                   if t.shape != copy.shape or not torch.equal(t.detach().nan_to_num(0.5), copy.nan_to_num(0.5))]
        return tensors + [name for name, v, copy in self.lists if v != copy]


class LargestIntermediate(TorchDispatchMode):
    """Records the most elements any single non-view operation allocated while active."""

    def __init__(self):
        super().__init__()
        self.largest, self.op = 0, None

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if not func.is_view:
            for _, t in tensors_in(out if isinstance(out, (list, tuple)) else [out]):
                if t.numel() > self.largest:
                    self.largest, self.op = t.numel(), str(func.overloadpacket.__name__)
        return out
