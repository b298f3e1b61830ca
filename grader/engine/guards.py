"""What watches the learner's code while it runs: banned calls (every route), a time limit per
call, torch's global state, in-place changes of inputs, and the size of intermediates."""
from __future__ import annotations

import bisect
import builtins
import contextlib
import errno
import importlib
import inspect
import linecache
import os
import signal
import sys
import time
import types
from functools import cache

import numpy as np
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode

from grader import words

LEARNER_PREFIX = "learner_"  # the learner's file is loaded as module learner_<id>
OUTPUT_LIMIT = 16 * 2**20   # bytes the learner's code may print (RLIMIT_FSIZE on the output file)
OUT_OF_MEMORY = words.say("engine.guards.out_of_memory", "en")    # in English; out_of_memory() in the language spoken
# Time limits count CPU time, which a busy machine does not inflate; each has a backstop in wall time
# this many times larger, for code that sleeps or waits and so uses no CPU (Limits.wall_factor sets
# it in a grading process).
WALL_FACTOR = 4.0


def out_of_memory() -> str:
    """What running out of memory says, in the language spoken."""
    return words.say("engine.guards.out_of_memory")


def at_line(line: int, source: str = "") -> str:
    """' (line N: `source`)', or ' (line N)' without the source: where in the learner's file."""
    if source:
        return words.say("engine.guards.line_source", line=line, source=source)
    return words.say("engine.guards.line", line=line)


class CallTimeout(BaseException):
    """The learner's call ran past its limit: its CPU time, or (wall=True) the wall-clock backstop.
    A BaseException, so `except Exception` can't eat it."""

    def __init__(self, message: str, wall: bool = False):
        super().__init__(message)
        self.wall = wall


class Said(Exception):
    """An error whose message is already said for the learner (a distributed hang, a rank that
    ended): reported as it is, without the "raised <type>" that describes an exception."""


class LearnerExit(BaseException):
    """The learner's code called sys.exit(), raised KeyboardInterrupt or printed too much."""


def resolve(dotted: str):
    """'torch.nn.functional.softmax' -> the object, or None when this torch has no such name."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
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


@cache
def overridable() -> frozenset[int]:
    """ids of the functions and tensor methods a torch function mode sees."""
    found = set()
    for functions in torch.overrides.get_overridable_functions().values():
        for f in functions:
            found.add(id(f))
            found.add(id(getattr(f, "__get__", f)))
    found.update(id(getattr(torch.Tensor, n)) for n in dir(torch.Tensor) if not n.startswith("__"))
    return frozenset(found)


@cache
def aten_names() -> tuple[str, ...]:
    return tuple(sorted({n.split("::", 1)[1].split(".")[0] for n in torch._C._dispatch_get_all_op_names()
                         if n.startswith("aten::")}))


@cache
def aten_twins(name: str) -> tuple[str, ...]:
    """The aten operators a banned torch function `name` reaches, which the learner could also call
    directly (torch.ops.aten._softmax): name, _name, native_name, and their overloads' families."""
    names = aten_names()                              # sorted: a prefix's names are one run of it
    found = [n for n in (name, f"_{name}", f"native_{name}") if n in names]
    for prefix in (f"_{name}_", f"{name}_"):
        i = bisect.bisect_left(names, prefix)
        while i < len(names) and names[i].startswith(prefix):
            if "backward" not in names[i]:
                found.append(names[i])
            i += 1
    return tuple(found)


def learner_line(skip: int = 1) -> str:
    """Where the learner's file is in the code running now: ' (line N: `source`)' for the innermost
    frame of the learner's module, '' when the learner's file is not on the stack."""
    frame = sys._getframe(skip)
    while frame is not None:
        if frame.f_globals.get("__name__", "").startswith(LEARNER_PREFIX):
            return at_line(frame.f_lineno, linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip())
        frame = frame.f_back
    return ""


class BannedCalls(TorchFunctionMode):
    """One guard for every route to a banned name while active: torch functions, tensor methods and
    aten operators (a torch function mode), nn.Module classes (a forward pre-hook), Python functions
    however they are reached (a profile hook), and imports of banned modules by the learner's file.

    Banned names are dotted: a function (`torch.softmax`, `heapq.nlargest`), a class
    (`torch.nn.Softmax`), a module whose every function is banned (`torch.optim`), an aten operator
    (`torch.ops.aten._softmax`), or `import torch`."""

    def __init__(self, names: list[str]):
        super().__init__()
        self.functions: dict[int, str] = {}      # id of a torch function / aten packet -> banned name
        self.classes: dict[type, str] = {}
        self.codes: dict = {}                    # Python code objects -> banned name
        self.builtins: dict[int, str] = {}       # C functions seen by the profile hook
        self.folders: list[tuple[str, str]] = []  # (directory of a banned package, name)
        self.modules = [n.removeprefix("import ").strip() for n in names if n.startswith("import ")]
        for name in names:
            if not name.startswith("import "):
                self._add(name)
        self.seen: list[str] = []
        self.where: dict[str, str] = {}          # a name seen -> the line of the learner's file that called it
        self.active = 0
        # When every name the profile hook looks for is one of torch's C functions, this mode sees the
        # learner's calls to them itself, and the hook is needed only inside torch's own Python
        # functions, while the mode is set aside (a hook on every call cost a third of a learner's call).
        self.within_only = bool(self.builtins) and not (self.codes or self.folders) and \
            all(name.startswith("torch.") for name in self.builtins.values())

    def _add(self, name: str) -> None:
        obj = resolve(name)
        if obj is None:
            return
        if isinstance(obj, types.ModuleType):
            self.folders.append((os.path.dirname(obj.__file__) + os.sep if obj.__file__.endswith("__init__.py")
                                 else obj.__file__, name))
            return
        if isinstance(obj, type):
            if issubclass(obj, torch.nn.Module):
                self.classes[obj] = name          # its forward, seen by the pre-hook
                return
            for f in vars(obj).values():          # any other class: its methods
                if inspect.isfunction(f):
                    self.codes[f.__code__] = name
            return
        packet = getattr(obj, "overloadpacket", obj if isinstance(obj, torch._ops.OpOverloadPacket) else None)
        if packet is not None:
            self.functions[id(packet)] = name
            return
        self.functions[id(obj)] = name
        if id(obj) not in overridable():          # a plain Python or C function: the profile hook sees it
            plain = inspect.unwrap(obj)
            if inspect.isfunction(plain):
                self.codes[plain.__code__] = name
            else:
                self.builtins[id(obj)] = name
        short = name.rsplit(".", 1)[-1]
        if name.startswith("torch."):
            for twin in aten_twins(short):
                packet = getattr(torch.ops.aten, twin, None)
                if packet is not None:
                    self.functions.setdefault(id(packet), name)

    def _saw(self, name: str) -> None:
        if name not in self.seen:
            self.seen.append(name)
            self.where[name] = learner_line(2)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = self.functions.get(id(func)) or self.functions.get(id(getattr(func, "overloadpacket", None)))
        if name:
            self._saw(name)
        if self.within_only and written_in_python(func):
            # this mode is set aside while func runs: what func calls in Python is seen by the hook
            previous = sys.getprofile()
            sys.setprofile(self._profile)
            try:
                return func(*args, **(kwargs or {}))
            finally:
                sys.setprofile(previous)
        return func(*args, **(kwargs or {}))

    def _module_hook(self, module, args):
        name = self.classes.get(type(module)) or next(
            (n for c, n in self.classes.items() if isinstance(module, c)), None)
        if name:
            self._saw(name)

    def _profile(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            name = self.codes.get(code)
            if name is None and self.folders:
                name = next((n for d, n in self.folders if code.co_filename.startswith(d)), None)
            if name:
                self._saw(name)
        elif event == "c_call":
            name = self.builtins.get(id(arg))
            if name:
                self._saw(name)

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        importer = (globals or {}).get("__name__", "")
        if importer.startswith(LEARNER_PREFIX) and level == 0:
            for banned in self.modules:
                if name == banned or name.startswith(banned + "."):
                    self._saw(f"import {banned}")
        return self._real_import(name, globals, locals, fromlist, level)

    @property
    def profiles(self) -> bool:
        return bool(self.codes or self.builtins or self.folders) and not self.within_only

    def __enter__(self):
        self.active += 1
        if self.active > 1:
            return self
        self._handle = torch.nn.modules.module.register_module_forward_pre_hook(self._module_hook)
        if self.modules:
            self._real_import = builtins.__import__
            builtins.__import__ = self._import
        if self.profiles:
            self._old_profile = sys.getprofile()
            sys.setprofile(self._profile)
        return super().__enter__()

    def __exit__(self, *exc):
        self.active -= 1
        if self.active:
            return False
        self._handle.remove()
        if self.modules:
            builtins.__import__ = self._real_import
        if self.profiles:
            sys.setprofile(self._old_profile)
        return super().__exit__(*exc)


    @contextlib.contextmanager
    def in_backward(self):
        """Active where autograd runs a custom autograd.Function's backward: the engine runs it with no
        torch function mode set, so this mode is pushed again there (its other routes are global or set
        per thread already)."""
        if not self.active:
            with self:
                yield
        elif self in torch.overrides._get_current_function_mode_stack():
            yield
        else:
            TorchFunctionMode.__enter__(self)
            try:
                yield
            finally:
                TorchFunctionMode.__exit__(self, None, None, None)


def custom_functions(outputs) -> set[type]:
    """The torch.autograd.Function classes whose backward a backward pass from outputs runs."""
    found, seen = set(), set()
    stack = [t.grad_fn for t in outputs if isinstance(t, torch.Tensor) and t.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        cls = getattr(node, "_forward_cls", None)
        if cls is not None:
            found.add(cls)
        stack.extend(n for n, _ in getattr(node, "next_functions", ()))
    return found


@contextlib.contextmanager
def guarded_backward(guard: BannedCalls, outputs):
    """guard watches the backward (and vjp) of every custom autograd.Function in outputs' graph, as it
    watches the forward: a banned call there is one the learner's code made."""
    patched = []
    for cls in custom_functions(outputs):
        for name in ("backward", "vjp"):
            owner = next((k for k in cls.__mro__ if name in vars(k)), None)
            if owner is None or owner.__module__.startswith("torch"):
                continue
            raw = vars(owner)[name]
            fn = raw.__func__ if isinstance(raw, staticmethod) else raw
            if not callable(fn) or any(o is owner and n == name for o, n, _ in patched):
                continue

            def watched(*args, fn=fn, **kwargs):
                with guard.in_backward():
                    return fn(*args, **kwargs)
            patched.append((owner, name, raw))
            setattr(owner, name, staticmethod(watched))
    try:
        yield
    finally:
        for owner, name, raw in reversed(patched):
            setattr(owner, name, raw)


def written_in_python(func) -> bool:
    return hasattr(func, "__code__") or hasattr(getattr(func, "__func__", None), "__code__")


# ---- torch's global state, restored around every call of the learner's code ------------------

def torch_state() -> tuple:
    return (torch.is_grad_enabled(), torch.get_default_dtype(), torch.get_num_threads(),
            torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled(),
            torch.is_anomaly_enabled(), torch.get_float32_matmul_precision(), np.geterr(),
            torch.get_default_device())


def set_torch_state(state: tuple) -> None:
    """Back to state, setting only what differs: a setter the learner's code never touched is not
    called (use_deterministic_algorithms imports torch's compiler, which the grader leaves out)."""
    now = torch_state()
    grad, dtype, threads, det, warn_only, anomaly, precision, np_err, device = state
    if now[0] != grad:
        torch.set_grad_enabled(grad)
    if now[1] != dtype:
        torch.set_default_dtype(dtype)
    if now[2] != threads:
        torch.set_num_threads(threads)
    if now[3:5] != (det, warn_only):
        torch.use_deterministic_algorithms(det, warn_only=warn_only)
    if now[5] != anomaly:
        torch.set_anomaly_enabled(anomaly)
    if now[6] != precision:
        torch.set_float32_matmul_precision(precision)
    if now[7] != np_err:
        np.seterr(**np_err)
    if now[8] != device:
        torch.set_default_device(None if device == torch.device("cpu") else device)


def seed_all(seed: int) -> None:
    """torch.manual_seed(seed) at a fraction of its cost: torch.manual_seed also queues a seeding for
    each accelerator backend not yet started, formatting the Python stack for each (about 1 ms a
    call), and the grader seeds before building every module. The CPU generator is seeded, and
    CUDA's once CUDA is in use (a device run)."""
    torch.default_generator.manual_seed(seed)
    if torch.cuda.is_initialized():
        torch.cuda.manual_seed_all(seed)


@contextlib.contextmanager
def kept_torch_state():
    """Whatever the learner's code switches (grad mode, default dtype, threads, deterministic
    algorithms, NumPy's error handling), the grader's state is back afterwards."""
    state = torch_state()
    try:
        yield
    finally:
        if torch_state() != state:
            set_torch_state(state)


@contextlib.contextmanager
def time_limit(seconds: float, wall: float | None = None):
    """Interrupt the learner's Python code once this process used `seconds` of CPU time in it
    (ITIMER_PROF, every thread's: SIGPROF), or once `wall` seconds passed (ITIMER_REAL: SIGALRM),
    WALL_FACTOR × seconds unless given, for code that waits without using CPU. Each timer has a
    signal of its own, so neither handler needs to ask which fired. A limit already running (a call
    inside a call) goes on afterwards with what is left of it. A hang inside one C++ op is left to the
    grader's stall limit."""
    wall = WALL_FACTOR * seconds if wall is None else wall
    cpu_start, wall_start = time.process_time(), time.monotonic()

    def on_cpu(signum, frame):
        raise CallTimeout(words.say("engine.guards.cpu_timeout", seconds=seconds))

    def on_wall(signum, frame):
        raise CallTimeout(words.say("engine.guards.wall_timeout", wall=wall, cpu=time.process_time() - cpu_start),
                          wall=True)
    old = signal.signal(signal.SIGPROF, on_cpu), signal.signal(signal.SIGALRM, on_wall)
    outer = signal.setitimer(signal.ITIMER_PROF, seconds)[0], signal.setitimer(signal.ITIMER_REAL, wall)[0]
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old[0])
        signal.signal(signal.SIGALRM, old[1])
        if outer[0] > 0:
            signal.setitimer(signal.ITIMER_PROF, max(1e-3, outer[0] - (time.process_time() - cpu_start)))
        if outer[1] > 0:
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, outer[1] - (time.monotonic() - wall_start)))


RUNNING = []        # non-empty while the learner's code runs (the sandbox's audit hook reads it)
REFERENCE_USE = []  # what of the reference solution the learner's code reached (filled by the sandbox)


@contextlib.contextmanager
def learner_code(seconds: float):
    """Everything the learner's code runs inside: a time limit (CPU time, with a wall-clock backstop),
    torch's state kept, sys.exit turned into a verdict."""
    RUNNING.append(True)
    try:
        with kept_torch_state(), time_limit(seconds):
            yield
    except (SystemExit, KeyboardInterrupt) as e:
        what = f"sys.exit({e.code!r})" if isinstance(e, SystemExit) else "KeyboardInterrupt"
        raise LearnerExit(words.say("engine.guards.exited", what=what)) from None
    except OSError as e:
        if e.errno == errno.EFBIG:   # the output file hit its size limit (RLIMIT_FSIZE)
            raise LearnerExit(words.say("engine.guards.printed_too_much", mb=OUTPUT_LIMIT // 2**20)) from None
        raise
    finally:
        RUNNING.pop()


ELSEWHERE = [0.0]   # CPU seconds used for the learner's calls by other processes (a distributed drill's ranks)


def cpu_time() -> float:
    """CPU seconds this process (every thread) and the processes that ran its calls' work used so far."""
    return time.process_time() + ELSEWHERE[0]


class Stopwatch:
    """The learner's time spent in one check, to tell a slow solution from an infinite loop: its CPU
    time, held to the budget, and its wall time, held to WALL_FACTOR × the budget (code that waits)."""

    def __init__(self, budget: float):
        self.budget, self.spent, self.wall, self.calls = budget, 0.0, 0.0, 0

    @contextlib.contextmanager
    def timing(self):
        cpu, start = cpu_time(), time.monotonic()
        try:
            yield
        finally:
            self.spent += cpu_time() - cpu
            self.wall += time.monotonic() - start
            self.calls += 1

    @property
    def waited(self) -> bool:
        """Over the wall-clock backstop, within the CPU budget: the calls wait on something."""
        return self.wall > WALL_FACTOR * self.budget and self.spent <= self.budget

    @property
    def over(self) -> bool:
        return self.spent > self.budget or self.waited


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


def plain_item(x) -> bool:
    """A list item compared by value: a number, a string, or a tuple of them (a request's fields)."""
    return isinstance(x, (int, float, str)) or isinstance(x, tuple) and all(isinstance(y, (int, float, str)) for y in x)


class Snapshot:
    """Copies of the inputs taken before a call, to tell whether the call changed them in place."""

    def __init__(self, named: dict):
        self.before = [(n + p, t, t.detach().clone()) for n, v in named.items() for p, t in tensors_in(v)]
        self.lists = [(n, v, list(v)) for n, v in named.items()
                      if isinstance(v, list) and all(map(plain_item, v))]

    def changed(self) -> list[str]:
        tensors = [name for name, t, copy in self.before
                   if t.shape != copy.shape or not torch.equal(t.detach().nan_to_num(0.5), copy.nan_to_num(0.5))]
        return tensors + [name for name, v, copy in self.lists if v != copy]


class LargestIntermediate(TorchDispatchMode):
    """Records the most elements any single non-view operation allocated while active."""

    def __init__(self):
        super().__init__()
        self.largest, self.op = 0, None
        # the first operation under a dispatch mode imports torch._dynamo (seconds): do it now, made
        # before the learner's time limit starts, not during the learner's first call
        import torch._dynamo  # noqa: F401

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if not func.is_view:
            for _, t in tensors_in(out if isinstance(out, (list, tuple)) else [out]):
                if t.numel() > self.largest:
                    self.largest, self.op = t.numel(), str(func.overloadpacket.__name__)
        return out
