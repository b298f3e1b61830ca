"""Device discipline: the output is on the input's device and no tensor is made on a fixed one.

A real CUDA or MPS run when one is present. Without one, the learner's code runs on tensors on the
`meta` device: mixing them with a tensor made on the CPU raises exactly as mixing CUDA and CPU
tensors would, so the check means the same on every machine. Meta tensors have no values, so code
that reads values (`if total_norm > max_norm:`, `.item()`, boolean indexing) cannot run there;
then a CPU run follows each tensor's provenance instead: on the input's device (the inputs, the
module's parameters, whatever is made from them or with `device=x.device`) or on a fixed one
(`torch.ones(S, S)` without `device=`), and an operation mixing the two fails as it would on a GPU.
A distributed entry's ranks run gloo, which takes no meta tensors: each rank follows provenance
(RankProvenance), counting only what the learner's code makes. The check is never skipped for want
of a way to run."""
from __future__ import annotations

import os
import sys
import weakref

import torch
from torch.overrides import TorchFunctionMode

from grader import words
from grader.engine.guards import learner_code, learner_line
from grader.engine.result import FAIL, PASS, SKIPPED
from grader.engine.runner import copy_case, flat_tensors, map_case

MIXING = ("same device", "two devices", "not compiled with cuda", "found at least two devices",
          "expected device", "but got device", "is not on the expected device", "wrong device",
          "device type tensor to numpy", "expected a 'meta' device", "expected all tensors to be on")
FIXED = "tensor created on a hard-coded device"
META = torch.device("meta")
SHAPE_ONLY = {"view_as", "reshape_as", "expand_as"}          # the other tensor gives its shape alone
LENIENT = {"__getitem__", "__setitem__", "index", "index_put", "index_put_", "_index_put_impl_"}


def available() -> list[str]:
    found = []
    if torch.cuda.is_available():
        found.append("cuda")
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        found.append("mps")
    return found


def generator_on(g: torch.Generator, device: str):
    """A generator like g (same seed) for tensors on `device`; None on the meta device."""
    if device == "meta":
        return None
    return torch.Generator(device=device).manual_seed(g.initial_seed())


def checks(eg, which: str):
    """The device checks for `which`: auto (the real accelerators, else the emulation), all (both),
    cuda or mps (that one), emulated (the emulation alone, whatever is present), cpu (none)."""
    real = [] if eg.entry.ranks else available()        # the ranks' gloo group runs on the CPU: emulated
    if which == "cpu":
        yield eg.check("device", SKIPPED, words.say("kit.devices.cpu_only"))
        return
    if which in ("cuda", "mps") and which not in real:
        why = words.say("kit.devices.ranks_on_cpu") if eg.entry.ranks else words.say("kit.devices.none_here",
                                                                                      device=which)
        yield eg.check(f"device {which}", SKIPPED, why)
        return
    targets = [which] if which in ("cuda", "mps") else [] if which == "emulated" else real
    for device in targets:
        m = eg.search(eg.compare_prop(device=device), eg.entry.examples, 5, f"device {device}")
        yield eg.failed(f"device {device}", m) if m else eg.check(f"device {device}", PASS)
    if which == "all" or not targets:
        yield emulated(eg)


# ---- the emulation ------------------------------------------------------------------------------

def meta_case(case):
    return map_case(case, lambda t: t.detach().to("meta"), floating_only=False,
                    generators=lambda g: generator_on(g, "meta"))


def run_on(eg, ns, case, device=None):
    """Run ns's entry on case, its tensors and module moved to `device` (meta) when given."""
    impl = eg.runner.build(ns, case, device=device)
    return eg.runner.run(ns, impl, meta_case(case) if device else copy_case(case))


def emulated(eg):
    name = "device (emulated)"
    cases = [c for c in eg.entry.examples if flat_tensors([c.args, c.kwargs]) or c.init is not None][:4]
    if not cases:
        return eg.check(name, SKIPPED, words.say("kit.devices.nothing_on_device"))
    for case in cases:
        eg.current = case
        problem = eg.ask("here_device", case)
        if problem:
            return eg.check(name, FAIL, problem, call=eg.runner.describe(case), mistake=FIXED)
    return eg.check(name, PASS, words.say("kit.devices.passed", calls=len(cases)))


def on_meta(eg, case):
    """'' when the learner's code runs on meta tensors and its output stays there; a problem when it
    mixes devices; None when meta tensors cannot follow it (or the reference)."""
    try:
        run_on(eg, eg.runner.ref_ns, case, META)
    except Exception:
        return None                 # the drill's own calls need values: follow provenance instead
    try:
        with learner_code(eg.g.call_limit), DeviceMixing():
            out = run_on(eg, eg.runner.ns, case, META)
    except Exception as e:
        text = str(e).strip()
        if isinstance(e, MixedDevices) or any(s in text.lower() for s in MIXING):
            first = text.splitlines()[0] if text else type(e).__name__
            return words.say("kit.devices.raises_fixed", error=first, advice=words.say("kit.devices.advice"))
        return None
    wrong = [t.device for t in flat_tensors(out) if t.device.type != "meta"]
    if wrong:
        return words.say("kit.devices.output_elsewhere", device=wrong[0], advice=words.say("kit.devices.advice"))
    return ""


IN_PLACE_OPERATORS = {"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__",
                      "__imatmul__", "__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__"}
ACROSS = {"to", "copy_", "cuda", "cpu", "__getitem__", "__setitem__", "index", "index_put", "index_put_",
          "_index_put_impl_", "index_select", "masked_select", "take", "device", "__get__", "is_meta"}


class MixedDevices(RuntimeError):
    """What DeviceMixing raises where a GPU would: told apart from the learner's own errors by its type,
    whatever language its message is in."""


class DeviceMixing(TorchFunctionMode):
    """Meta tensors let some operations mix them with tensors of another device where a GPU raises:
    in place (`cpu.add_(meta)`, `meta.mul_(cpu)`) and a matmul (`torch.ones(k, k) @ meta` gives a CPU
    tensor, `meta @ cpu` a meta one). Raise as the GPU would: every operand of an operation that has
    one on the input's device (meta) is on it too, but for a 0-dim tensor (a CPU scalar) beside it, and
    the tensor an in-place operation changes is on the common device. Moves (to, copy_) cross devices by
    design, and indexing takes CPU indices."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "")
        if name not in ACROSS and name not in LENIENT and not (name.startswith("_") and not name.startswith("__")):
            in_place = name in IN_PLACE_OPERATORS or (name.endswith("_") and not name.startswith("_"))
            tensors = flat_tensors([args, kwargs])
            if in_place and args and isinstance(args[0], torch.Tensor) and not args[0].is_meta and \
                    any(t.is_meta for t in tensors[1:]):
                where, mixed = words.say("kit.devices.a_fixed_device"), [t for t in tensors[1:] if t.is_meta]
            elif any(t.is_meta for t in tensors):
                where, mixed = words.say("kit.devices.the_inputs_device"), \
                    [t for t in tensors if not t.is_meta and t.dim() > 0]
            else:
                mixed = []
            if mixed:
                target = args[0] if in_place else next(t for t in tensors if t.is_meta)
                what = words.say("kit.devices.in_place_changes" if in_place else "kit.devices.takes", op=name)
                raise MixedDevices(words.say("kit.devices.mixed", what=what, shape=tuple(target.shape), where=where,
                                             other=tuple(mixed[0].shape), line=learner_line(2)))
        return func(*args, **kwargs)


class Provenance(TorchFunctionMode):
    """Follows, on a CPU run, whether each tensor would live on the input's device or on a fixed
    one. Tensors it has not seen made (constants built when the file was imported) are fixed."""

    UNSEEN = False                       # the label of a tensor never seen made

    def __init__(self, on_device, fixed=()):
        super().__init__()
        self.labels: dict[int, tuple] = {}
        self.made_at: dict[int, str] = {}    # a tensor made on a fixed device -> where the learner's file made it
        self.problem = ""
        for t in on_device:
            self.mark(t, True)
        for t in fixed:
            self.mark(t, False)

    def mark(self, t: torch.Tensor, on_device: bool) -> None:
        self.labels[id(t)] = (weakref.ref(t), on_device)

    def seen(self, t: torch.Tensor) -> bool:
        ref, _ = self.labels.get(id(t), (None, False))
        return ref is not None and ref() is t

    def on_device(self, t: torch.Tensor) -> bool:
        return self.labels[id(t)][1] if self.seen(t) else self.UNSEEN

    def made(self, name: str, label: bool) -> bool:
        """The label of what `name` gives: `label`, from how it was asked for and its operands."""
        return label

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        if getattr(func, "__self__", None) is torch._C.TensorBase.device:
            return META if self.on_device(args[0]) else torch.device("cpu")
        name = getattr(func, "__name__", str(func))
        device = kwargs.get("device")
        asked = None                     # True: device=<the input's>, False: a fixed device
        if device is not None:
            asked = torch.device(device) == META
            if asked:
                kwargs["device"] = "cpu"
        if name in ("to", "cuda", "cpu"):
            for i, a in enumerate(args[1:], 1):
                if isinstance(a, (str, torch.device)):
                    asked = torch.device(a) == META
                    if asked:
                        args = args[:i] + ("cpu",) + args[i + 1:]
                elif isinstance(a, torch.Tensor):
                    asked = self.on_device(a)
            if name in ("cuda", "cpu"):
                asked = False
        tensors = flat_tensors(args[:1] if name in SHAPE_ONLY else [args, kwargs])
        big = [t for t in tensors if t.dim() > 0]
        inside = any(self.on_device(t) for t in tensors)
        fixed = [t for t in big if not self.on_device(t)]
        if inside and fixed and name not in LENIENT and name not in ("to", "cuda", "cpu") and not self.problem:
            shapes = ", ".join(str(tuple(t.shape)) for t in fixed[:2])
            what = getattr(getattr(func, "__self__", None), "__name__", "")
            shown = words.say("kit.devices.setting", attribute=what) if name == "__set__" and what else f"`{name}`"
            made = next((self.made_at[id(t)] for t in fixed if self.made_at.get(id(t))), "")
            self.problem = words.say("kit.devices.would_mix", op=shown, line=learner_line(2), shapes=shapes,
                                     made=made.replace(' (line', ' (at line'), advice=words.say("kit.devices.advice"))
        out = self.call(name, func, args, kwargs)
        label = self.made(name, asked if asked is not None else inside)
        for t in flat_tensors(out):
            if not self.seen(t) or not self.on_device(t):
                self.mark(t, label)
                if not label:
                    self.made_at[id(t)] = learner_line(2)
        return out

    def call(self, name: str, func, args, kwargs):
        return func(*args, **kwargs)


def by_provenance(eg, case) -> str:
    """The CPU run that follows provenance (for code that reads values)."""
    run_case = copy_case(case)
    try:
        with learner_code(eg.g.call_limit):
            impl = eg.runner.build(eg.runner.ns, case)
            module = getattr(impl, "__self__", impl)
            state = list(module.parameters()) + list(module.buffers()) if isinstance(module, torch.nn.Module) else []
            mode = Provenance(flat_tensors([run_case.args, run_case.kwargs]) + state)
            with mode:
                out = eg.runner.run(eg.runner.ns, impl, run_case)
    except Exception as e:
        text = str(e).strip()
        if any(s in text.lower() for s in MIXING):
            return words.say("kit.devices.raises", error=text.splitlines()[0], advice=words.say("kit.devices.advice"))
        return ""                        # the value checks report what the learner's code raised
    if mode.problem:
        return mode.problem
    fixed = [t for t in flat_tensors(out) if not mode.on_device(t)]
    if fixed:
        made = mode.made_at.get(id(fixed[0]), "").replace(" (line", " (at line")
        return words.say("kit.devices.output_fixed", shape=tuple(fixed[0].shape), made=made,
                         advice=words.say("kit.devices.advice"))
    return ""


# ---- the distributed entries: provenance followed on every rank -----------------------------------

GRADER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the grader package, declarations included
INTERNAL = (os.path.dirname(torch.__file__), os.path.dirname(os.__file__), "<")
AUTOGRAD_RUNS = {"backward", "grad"}


def learners_frame() -> bool:
    """Whether the code that called the torch function being followed is the learner's: the nearest
    frame outside torch, the standard library and this file is not the grader's (a declaration's
    run, kit's helpers, a classic mistake written in a declaration)."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if not name.startswith(INTERNAL) and name != __file__:
            return not name.startswith(GRADER)
        frame = frame.f_back
    return False


class RankProvenance(Provenance):
    """Provenance on a rank, around the declaration's run: the grader's code and autograd make
    tensors there too, so a tensor counts as made on a fixed device only when the learner's code made
    it so (a factory call from the learner's frames without device=, or from such a tensor); tensors
    never seen made (the harness's, autograd's gradients) are on the input's device, but for the
    constants of the learner's file. Collectives are torch functions: one that mixes the two devices
    is named like any other operation, and its output tensors, written in place, keep their own
    label. Backward runs under the mode too, so gradient hooks and custom backward functions are
    followed."""

    UNSEEN = True

    def made(self, name: str, label: bool) -> bool:
        return label or not learners_frame()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if getattr(func, "__name__", "") == "__get__" and getattr(func, "__self__", None) is not \
                torch._C.TensorBase.device:
            out = func(*args, **(kwargs or {}))          # an attribute (.grad, .data) keeps its own label
            if isinstance(out, torch.Tensor) and not self.seen(out):
                self.mark(out, not args or not isinstance(args[0], torch.Tensor) or self.on_device(args[0]))
            return out
        return super().__torch_function__(func, types, args, kwargs)

    def call(self, name: str, func, args, kwargs):
        engine = getattr(torch.autograd, "_engine_run_backward", None)
        if name not in AUTOGRAD_RUNS or engine is None:
            return func(*args, **kwargs)

        def followed(*a, **k):           # the engine runs the hooks and backward functions in this thread
            with self:
                return engine(*a, **k)
        torch.autograd._engine_run_backward = followed
        try:
            return func(*args, **kwargs)
        finally:
            torch.autograd._engine_run_backward = engine


def constants(ns) -> list[torch.Tensor]:
    """The tensors at the top level of the learner's file (made when it was imported)."""
    try:
        values = list(vars(ns).values())
    except TypeError:
        return []
    return flat_tensors([v for v in values if isinstance(v, (torch.Tensor, list, tuple, dict))])


def provenance_on_rank(run_one, impl, case, ns) -> str:
    """A rank's job: the declaration's run followed by provenance; the first problem ('' when none)."""
    mode = RankProvenance(flat_tensors([case.args, case.kwargs]), fixed=constants(ns))
    with mode:
        out = run_one(impl, case, ns)
    if mode.problem:
        return mode.problem
    fixed = [t for t in flat_tensors(out) if not mode.on_device(t)]
    if fixed:
        return words.say("kit.devices.an_output_fixed", shape=tuple(fixed[0].shape), advice=words.say("kit.devices.advice"))
    return ""


def on_ranks(eg, case) -> str:
    """The emulated device run of a distributed entry: every rank follows provenance; the first
    problem found, with its rank."""
    from grader.engine import distributed
    try:
        with learner_code(eg.g.call_limit):
            impl = eg.runner.build(eg.runner.ns, case)
            problems = distributed.run(eg.entry.ranks(case), provenance_on_rank, eg.entry.run, impl,
                                       copy_case(case), eg.runner.ns)
    except Exception:
        return ""                        # the value checks report what the learner's code raised, or its hang
    return next((words.say("kit.devices.on_rank", rank=r, problem=p) for r, p in enumerate(problems) if p), "")
