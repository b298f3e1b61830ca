"""The learner's process: the learner's code never runs in the process that judges it.

A grading (the judge, grader/engine/pipeline.py) forks this process before the learner's file is loaded.
The file is loaded here, every call of the learner's code is made here, and what it returns
travels back as data: tensors as their bytes, numbers, strings and containers of them, nothing
that can run code in the judge. The judge compares, checks invariants and names mistakes on that
data alone, so whatever the learner's code patches (the grader's modules, torch's functions,
torch's global state) changes nothing but its own outputs.

Frames of marshal data, each after its length, over two pipes. The judge asks (what, args); the
learner's process answers ("ok", result, notes) or ("raised", exception, notes). The notes are
what the judge keeps of the learner's run: the inputs changed in place, the banned names seen,
the reference solution reached. A ("signal", n) frame may come before an answer: the learner's
code is about to signal its own process. When the process dies, the judge says how (by default
as a LearnerExit; in the warm grader, dying the same way, so the grader reports it as before).
"""
from __future__ import annotations

import builtins
import gc
import marshal
import os
import pickle
import secrets
import select
import signal
import struct
import sys
import time
from dataclasses import asdict

import numpy as np
import torch

from grader import words

MARK = "\x00drill:"
HEADER = struct.Struct("<Q")
MIRROR = None        # set in the warm grader's grading process: mirror(status, signals) ends it the same way
CHILD: list = []     # [the judge's pid] in the learner's process
LIVE: list = []      # the learner's processes this judge has now


def cpu_seconds() -> float:
    """CPU time this grading has used so far: the judge's, and its learner's process's."""
    return time.process_time() + sum(p.cpu() for p in LIVE)


# ---- data both ways -------------------------------------------------------------------------

def encode(value, trusted: bool):
    """value as marshal-able data. trusted (the judge's data): anything else travels pickled; from
    the learner's process, anything else travels as its type's name and repr only."""
    t = type(value)
    if value is None or t in (bool, int, float, str, bytes, complex):
        return value
    if isinstance(value, torch.Tensor):
        return _tensor(value, trusted)
    if isinstance(value, np.ndarray) and value.dtype != object:
        a = np.ascontiguousarray(value)
        return (MARK + "nd", a.dtype.str, a.shape, a.tobytes())
    if isinstance(value, np.generic) and not isinstance(value, np.object_):
        return (MARK + "np", value.dtype.str, value.tobytes())
    if isinstance(value, torch.dtype):
        return (MARK + "dtype", str(value).removeprefix("torch."))
    if isinstance(value, torch.device):
        return (MARK + "device", str(value))
    if isinstance(value, torch.Size):
        return (MARK + "size", tuple(value))
    if isinstance(value, torch.Generator):
        return (MARK + "gen", value.device.type, value.initial_seed(), _bytes(value.get_state()))
    from grader.engine.spec import Case, Trace
    if isinstance(value, Trace):
        return (MARK + "trace", [(encode(c, trusted), encode(o, trusted)) for c, o in value])
    if isinstance(value, Case):
        return (MARK + "case", encode(value.args, trusted), encode(value.kwargs, trusted), encode(value.init, trusted),
                value.label, value.scale, value.seed)
    if t is list or (not trusted and isinstance(value, list)):
        return [encode(v, trusted) for v in value]
    if t is tuple or (not trusted and isinstance(value, tuple)):
        return (MARK + "tuple", [encode(v, trusted) for v in value])
    if t is dict or (not trusted and isinstance(value, dict)):
        return (MARK + "dict", [(encode(k, trusted), encode(v, trusted)) for k, v in value.items()])
    if not trusted and isinstance(value, (bool, int, float, str)):
        return t.__mro__[1](value) if t.__mro__[1] is not object else repr(value)    # an int subclass: its value
    if trusted:
        return (MARK + "pickle", pickle.dumps(value))
    if t.__module__.startswith("grader.") and hasattr(value, "__dict__") and not isinstance(value, torch.nn.Module):
        # a declaration's own wrapper (a run() that returns Tokens): its class by name, its fields as data
        return (MARK + "grader", t.__module__, t.__qualname__, encode(dict(vars(value)), False))
    try:
        shown = repr(value)[:200]
    except Exception:
        shown = f"<{t.__name__}>"
    return (MARK + "object", t.__name__, shown)


def _bytes(t: torch.Tensor) -> bytes:
    if not t.numel():
        return b""
    flat = t.reshape(-1)
    if flat.stride(0) != 1:
        flat = torch.empty(flat.shape, dtype=flat.dtype).copy_(flat)   # seen through a zero stride (an expanded scalar)
    return flat.view(torch.uint8).numpy().tobytes()


def _tensor(t: torch.Tensor, trusted: bool):
    with torch._C.DisableTorchFunctionSubclass():
        if type(t) is not torch.Tensor:
            t = t.as_subclass(torch.Tensor)
        grad = 0 if not t.requires_grad else 1 if t.grad_fn is None else 2      # 2: made from a leaf
        t = t.detach()
        dtype = str(t.dtype).removeprefix("torch.")
        if t.is_meta:
            return (MARK + "meta", dtype, tuple(t.shape), grad)
        if t.layout != torch.strided:
            if trusted:
                return (MARK + "pickle", pickle.dumps(t))
            t = t.to_dense()
        if t.device.type != "cpu":
            t = t.cpu()
        t = t.resolve_conj().resolve_neg()
        storage = t.untyped_storage()
        if t.is_contiguous() and t.storage_offset() == 0 and t.numel() * t.element_size() == storage.nbytes():
            return (MARK + "t", dtype, tuple(t.shape), grad, _bytes(t))
        raw = torch.empty(0, dtype=torch.uint8).set_(storage)          # its strides kept: a view stays a view
        return (MARK + "ts", dtype, tuple(t.shape), grad, _bytes(raw), tuple(t.stride()), t.storage_offset())


class Opaque:
    """What the learner's code returned that is no data: only its type's name and repr travel."""
    def __init__(self, shown: str):
        self.shown = shown

    def __repr__(self):
        return self.shown


def _grad(t: torch.Tensor, grad: int) -> torch.Tensor:
    """t requiring grad as it did where it came from: a leaf (1), or a tensor made from one (2)."""
    if grad and (t.is_floating_point() or t.is_complex()):
        t = t.requires_grad_()
        return t * 1 if grad == 2 else t
    return t


def decode(data, trusted: bool):
    """The inverse of encode; trusted: data from the judge (the only side that may send pickles)."""
    if isinstance(data, list):
        return [decode(v, trusted) for v in data]
    if not (isinstance(data, tuple) and data and isinstance(data[0], str) and data[0].startswith(MARK)):
        return data
    kind, rest = data[0][len(MARK):], data[1:]
    if kind == "t":
        dtype, shape, grad, raw = rest
        return _grad(_from_bytes(raw, getattr(torch, dtype)).reshape(shape), grad)
    if kind == "ts":
        dtype, shape, grad, raw, stride, offset = rest
        base = torch.frombuffer(bytearray(raw), dtype=torch.uint8) if raw else torch.empty(0, dtype=torch.uint8)
        return _grad(torch.empty(0, dtype=getattr(torch, dtype)).set_(base.untyped_storage(), offset, shape, stride),
                     grad)
    if kind == "meta":
        return _grad(torch.empty(rest[1], dtype=getattr(torch, rest[0]), device="meta"), rest[2])
    if kind == "tuple":
        return tuple(decode(v, trusted) for v in rest[0])
    if kind == "dict":
        return {decode(k, trusted): decode(v, trusted) for k, v in rest[0]}
    if kind == "nd":
        return np.frombuffer(rest[2], dtype=np.dtype(rest[0])).reshape(rest[1]).copy()
    if kind == "np":
        return np.frombuffer(rest[1], dtype=np.dtype(rest[0]))[0]
    if kind == "dtype":
        return getattr(torch, rest[0])
    if kind == "device":
        return torch.device(rest[0])
    if kind == "size":
        return torch.Size(rest[0])
    if kind == "gen":
        device, seed, state = rest
        g = torch.Generator(device=device)
        g.manual_seed(seed)
        g.set_state(_from_bytes(state, torch.uint8))
        return g
    if kind == "trace":
        from grader.engine.spec import Trace
        return Trace((decode(c, trusted), decode(o, trusted)) for c, o in rest[0])
    if kind == "case":
        from grader.engine.spec import Case
        args, kwargs, init, label, scale, seed = rest
        return Case(args=decode(args, trusted), kwargs=decode(kwargs, trusted), init=decode(init, trusted),
                    label=label, scale=scale, seed=seed)
    if kind == "pickle" and trusted:
        return pickle.loads(rest[0])
    if kind == "grader":
        module, name, fields = rest
        cls = getattr(sys.modules.get(module) if module.startswith("grader.") else None, name, None)
        if isinstance(cls, type) and cls.__module__ == module:
            obj = cls.__new__(cls)
            obj.__dict__.update(decode(fields, trusted))
            return obj
        return type(name, (Opaque,), {})(name)
    if kind == "object":
        return type(rest[0], (Opaque,), {})(rest[1])
    raise ValueError(f"unreadable data from the learner's process: {kind}")


def _from_bytes(raw: bytes, dtype) -> torch.Tensor:
    if not raw:
        return torch.empty(0, dtype=dtype)
    return torch.frombuffer(bytearray(raw), dtype=torch.uint8).view(dtype)


# ---- exceptions both ways -------------------------------------------------------------------

def exception_out(e: BaseException):
    from grader.engine.pipeline import Stop
    from grader.engine.runner import LearnerRaised
    from grader.engine.search import Mismatch
    from grader.engine.spec import Fail
    if isinstance(e, LearnerRaised):
        return ("learner", str(e), exception_out(e.exc))
    if isinstance(e, Stop):
        return ("stop", type(e).__name__, asdict(e.check))
    if isinstance(e, Mismatch):
        return ("mismatch", e.kind, str(e.message), e.mistake)
    if isinstance(e, Fail):
        return ("fail", str(e), e.mistake, encode(e.case, False))
    try:
        text = str(e)
    except Exception:
        text = ""
    if type(e).__name__ == "CallTimeout" and getattr(e, "wall", False):
        return ("wall", text)
    return ("plain", type(e).__name__, text)


def exception_in(data) -> BaseException:
    from grader.engine import distributed, guards, pipeline, runner
    from grader.engine.result import Check
    from grader.engine.search import Mismatch
    from grader.engine.spec import Fail
    kind = data[0]
    if kind == "learner":
        return runner.LearnerRaised.carried(data[1], exception_in(data[2]))
    if kind == "stop":
        return getattr(pipeline, data[1])(Check(**data[2]))
    if kind == "mismatch":
        return Mismatch(data[1], data[2], None, mistake=data[3])
    if kind == "fail":
        return Fail(data[1], data[2], case=decode(data[3], False))
    if kind == "wall":
        return guards.CallTimeout(data[1], wall=True)
    name, text = data[1], data[2]
    known = {c.__name__: c for c in (guards.CallTimeout, guards.LearnerExit, runner.TooSlow, runner.ParameterMismatch,
                                      guards.Said, distributed.Hang, distributed.RankEnded)}
    cls = known.get(name) or getattr(builtins, name, None)
    if isinstance(cls, type) and issubclass(cls, BaseException):
        try:
            return cls(text)
        except Exception:
            pass
    return type(name, (Exception,), {})(text)


# ---- frames -----------------------------------------------------------------------------------

def write_frame(fd: int, obj, token: bytes = b"") -> None:
    data = marshal.dumps(obj)
    data = token + HEADER.pack(len(data)) + data
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Frames:
    """Reads frames from fd. With a token, each frame starts with it, and whatever else is in the
    pipe is passed over: the learner's code may write on descriptors it did not open, and nothing it
    writes there can pass for an answer or stop the judge from reading the next one."""

    def __init__(self, fd: int, token: bytes = b""):
        self.fd, self.token, self.buffer = fd, token, b""

    def fill(self, n: int) -> None:
        while len(self.buffer) < n:
            chunk = os.read(self.fd, max(1 << 16, n - len(self.buffer)))
            if not chunk:
                raise EOFError
            self.buffer += chunk

    def read(self):
        t = len(self.token)
        while True:
            self.fill(t + HEADER.size)
            at = self.buffer.find(self.token) if t else 0
            if at < 0:
                self.buffer = self.buffer[-(t - 1):] if t > 1 else b""
                continue
            self.buffer = self.buffer[at:]
            self.fill(t + HEADER.size)
            (n,) = HEADER.unpack(self.buffer[t:t + HEADER.size])
            self.fill(t + HEADER.size + n)
            data, self.buffer = self.buffer[t + HEADER.size:t + HEADER.size + n], self.buffer[t + HEADER.size + n:]
            try:
                return marshal.loads(data)
            except (ValueError, EOFError, TypeError):
                continue             # a token in what the learner wrote, by chance: not a frame


# ---- the judge's side -----------------------------------------------------------------------

WARM: list = []


def warm_once() -> None:
    """What the learner's side pays for the first time in a process (meta kernels, dispatch modes,
    symbolic shapes: about 500 modules), paid once by the judge before it forks, so that no learner's
    process pays it again."""
    if WARM:
        return
    WARM.append(True)
    import torch.fx.experimental.symbolic_shapes  # noqa: F401
    from grader.engine.guards import LargestIntermediate
    x = torch.ones(2, 3, device="meta", requires_grad=True)
    (torch.softmax(x @ torch.ones(3, 2, device="meta"), -1) * 2).sum()
    with LargestIntermediate():
        torch.ones(2) + 1


class LearnerProcess:
    """The learner's process of one grading, seen from the judge."""

    def __init__(self, grading):
        warm_once()
        if torch.get_num_threads() != 1:
            # OpenMP's thread pool does not survive a fork: a child that runs a parallel region the
            # judge's pool has run before waits forever for threads it does not have. One thread in
            # the judge (as the warm grader and the tests have) and none is ever started.
            torch.set_num_threads(1)
        to_learner, self.requests = os.pipe()
        self.answers, from_learner = os.pipe()
        self.token = secrets.token_bytes(16)
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self.requests)
            os.close(self.answers)
            serve(grading, to_learner, from_learner, self.token)          # never returns
        self.frames = Frames(self.answers, self.token)
        os.close(to_learner)
        os.close(from_learner)
        self.guard = grading.guard
        self.signals: list[int] = []
        self.ended: int | None = None
        LIVE.append(self)

    def cpu(self) -> float:
        """CPU time the learner's process has used (its threads included)."""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    def ask(self, what: tuple, runner=None):
        """The learner's process's answer to `what`; what it raised is raised here."""
        from grader.engine import guards
        if self.ended is not None:
            raise guards.LearnerExit(words.say("runtime.apart.ended_earlier"))
        try:
            write_frame(self.requests, encode(what, True))
            while True:
                if not self.frames.buffer:
                    self.wait_readable()
                frame = self.frames.read()
                if frame[0] == "signal":
                    self.signals.append(frame[1])
                    continue
                break
        except (EOFError, OSError):
            self.died()
        status, body, (mutations, seen, reference_use) = frame
        if runner is not None:
            runner.mutations[:] = mutations
        for name, where in seen:
            if name not in self.guard.seen:
                self.guard.seen.append(name)
                self.guard.where[name] = where
        for what_used in reference_use:
            if what_used not in guards.REFERENCE_USE:
                guards.REFERENCE_USE.append(what_used)
        if status == "raised":
            raise exception_in(body)
        return decode(body, False)

    def wait_readable(self) -> None:
        """Until an answer comes; a learner's process that stops itself (SIGSTOP) is said as such."""
        while not select.select([self.answers], [], [], 0.5)[0]:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG | os.WUNTRACED)
            except ChildProcessError:
                return
            if pid and os.WIFSTOPPED(status):
                self.end(status)
            elif pid:
                self.ended = status
                return

    def died(self):
        """The learner's process ended in the middle of an answer."""
        status = self.ended
        if status is None:
            try:
                _, status = os.waitpid(self.pid, 0)
            except ChildProcessError:
                status = 0
        self.end(status)

    def end(self, status: int):
        from grader.engine import guards
        self.ended = status
        self.kill()
        if MIRROR is not None:
            MIRROR(status, self.signals)                     # never returns
        if os.WIFSTOPPED(status):
            sig = signal.Signals(os.WSTOPSIG(status)).name
            raise guards.LearnerExit(words.say("runtime.apart.stopped_itself", signal=sig))
        if os.WIFSIGNALED(status):
            sig = signal.Signals(os.WTERMSIG(status))
            if sig in self.signals:
                raise guards.LearnerExit(words.say("runtime.apart.signalled_itself", signal=sig.name))
            raise guards.LearnerExit(words.say("runtime.apart.crashed", signal=sig.name))
        raise guards.LearnerExit(words.say("runtime.apart.exited", code=os.WEXITSTATUS(status)))

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass

    def close(self) -> None:
        """The grading is over: the learner's process ends (it is killed if it does not)."""
        if self in LIVE:
            LIVE.remove(self)
        for fd in (self.requests, self.answers):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.ended is None:
            for _ in range(100):
                try:
                    pid, _ = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:
                    return
                if pid:
                    return
                select.select([], [], [], 0.01)
            self.kill()
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass


# ---- the learner's side ----------------------------------------------------------------------

def raised_in(e: BaseException, path: str) -> bool:
    import traceback
    mine = os.path.realpath(path)
    return any(os.path.realpath(f.filename) == mine for f in traceback.extract_tb(e.__traceback__))


def serve(grading, requests: int, answers: int, token: bytes):
    """The learner's process: answer the judge until it closes its pipe. Never returns."""
    from grader.engine import guards, processes
    me = os.getpid()
    code = 0
    try:
        gc.freeze()                  # what the judge holds: never collected here, so its pages are not copied
        processes.prctl(processes.PR_SET_PDEATHSIG, signal.SIGKILL)    # the judge dies: so does this process
        CHILD[:] = [os.getppid()]
        grading.process = None                                      # here, everything runs here

        told = list(processes.SIGNAL_NOTE)            # the warm grader's note, sent before the signal

        def note(sig: int) -> None:
            if os.getpid() == me:
                for tell in told:
                    tell(sig)
                write_frame(answers, ("signal", sig), token)
        processes.SIGNAL_NOTE[:] = [note]
        orders = Frames(requests)
        while True:
            try:
                what = decode(orders.read(), True)
            except EOFError:
                break
            try:
                reply = ("ok", encode(grading.here(*what), False))
            except MemoryError:
                reply = ("raised", ("plain", "LearnerExit", guards.OUT_OF_MEMORY))
            except BaseException as e:      # the learner's, said to the judge; never the end of this process
                reply = ("raised", exception_out(e))
                if not isinstance(e, (Exception, guards.CallTimeout, guards.LearnerExit)) and \
                        type(e).__name__ != "TooSlow" and raised_in(e, grading.path):
                    reply = ("raised", ("plain", "LearnerExit", words.say("runtime.apart.not_an_exception",
                                                                          kind=type(e).__name__, error=e)))
            if os.getpid() != me:
                os._exit(0)                 # a copy made by the learner's fork: never answers
            runner = grading.here_runner(what)
            notes = (list(runner.mutations) if runner else [],
                     [(n, grading.guard.where.get(n, "")) for n in grading.guard.seen], list(guards.REFERENCE_USE))
            try:
                write_frame(answers, (reply[0], reply[1], notes), token)
            except MemoryError:
                write_frame(answers, ("raised", ("plain", "LearnerExit", guards.OUT_OF_MEMORY), notes), token)
    except OSError:
        code = 86 if os.getpid() == me else 0       # the pipes were closed under it: the learner's code did that
    except BaseException:
        code = 70
    finally:
        if os.getpid() == me:
            if "grader.engine.distributed" in sys.modules:
                try:
                    sys.modules["grader.engine.distributed"].close()
                except BaseException:
                    pass
            processes.flush_output()
        os._exit(code)
