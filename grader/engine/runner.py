"""Running one entry of a drill on a case, from the reference, the learner's file or a mistake.

Every entry is found in a namespace: the learner's module, the reference's, or a mistake's (the
reference with the entry replaced by the mistake's implementation), so an entry's run can use the
other things the same file defines (decode_step decodes with that file's KVCache)."""
from __future__ import annotations

import inspect
import traceback
import types

import numpy as np
import torch

from grader import words
from grader.engine.compare import describe_call, reproduction
from grader.engine import guards
from grader.engine.guards import Said, Snapshot, Stopwatch, at_line, learner_code, out_of_memory, seed_all, tensors_in
from grader.engine.spec import Case, Entry


class ParameterMismatch(Exception):
    """The learner's module has other parameter names or shapes than the drill fixes."""


class TooSlow(BaseException):
    """The learner's calls in one check used more CPU time than its whole budget (or waited past its
    wall-clock backstop)."""


class LearnerRaised(Exception):
    """The learner's code raised: carries a short, learner-facing description (importing=True: what
    importing the learner's file raised)."""

    def __init__(self, exc: BaseException, filename: str, importing: bool = False):
        self.exc = exc
        if isinstance(exc, (ParameterMismatch, Said)):
            super().__init__(str(exc))
            return
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
        where = at_line(frames[-1].lineno, frames[-1].line) if frames else ""
        text = str(exc).strip().splitlines()
        if isinstance(exc, MemoryError) or "can't allocate memory" in str(exc):
            said = words.say("engine.runner.memory_said", text=text[0]) if text and not isinstance(exc, MemoryError) \
                else ""
            super().__init__(words.say("engine.runner.out_of_memory", where=where, why=out_of_memory(), said=said))
            return
        key = "engine.runner.importing_raised" if importing else "engine.runner.raised"
        super().__init__(words.say(key, kind=type(exc).__name__, text=text[0] if text else "", where=where))

    @classmethod
    def carried(cls, message: str, exc: BaseException) -> "LearnerRaised":
        """One said in the learner's process, as it travelled to the judge."""
        raised = cls.__new__(cls)
        Exception.__init__(raised, message)
        raised.exc = exc
        return raised


class Overlay(types.SimpleNamespace):
    """A namespace: `base`'s public names, some of them replaced (a mistake in the reference)."""

    def __init__(self, base, **replaced):
        super().__init__(**({k: v for k, v in vars(base).items() if not k.startswith("__")} | replaced))


def perturbed_state(module: torch.nn.Module, seed: int) -> dict:
    """The module's state with every constant-valued float tensor (ones, zeros: norm weights,
    biases, a zero-initialised adapter, running statistics) moved off its constant, so that
    forgetting to apply it shows. Positive constants stay positive."""
    g = torch.Generator().manual_seed(seed)
    state = {k: v.detach().clone() for k, v in module.state_dict().items()}
    for v in state.values():
        if v.is_floating_point() and v.numel() > 0 and bool((v == v.reshape(-1)[0]).all()):
            c = v.reshape(-1)[0].item()
            noise = torch.randn(v.shape, generator=g, dtype=torch.float32).to(v.dtype)
            v.copy_(v + 0.5 * noise if c <= 0 else v * (0.4 * noise).exp())
    return state


def clone_generator(g: torch.Generator) -> torch.Generator:
    copy = torch.Generator(device=g.device)
    copy.set_state(g.get_state())
    return copy


def map_case(case: Case, fn, floating_only: bool = True, generators=None) -> Case:
    """The case with fn applied to each of its (floating-point) tensors; generators(g) replaces
    each torch.Generator (kept as they are when None)."""
    def apply(v):
        if isinstance(v, torch.Tensor) and (v.is_floating_point() or not floating_only):
            return fn(v)
        if isinstance(v, torch.Generator) and generators is not None:
            return generators(v)
        if isinstance(v, (list, tuple)) and not isinstance(v, torch.Size):
            return type(v)(apply(x) for x in v)
        if isinstance(v, dict):
            return {k: apply(x) for k, x in v.items()}
        return v
    return Case(args=apply(case.args), kwargs=apply(case.kwargs), init=case.init, label=case.label,
                scale=case.scale, seed=case.seed)


def copy_case(case: Case) -> Case:
    """A copy the learner's code may spoil: tensors cloned (autograd leaves kept), arrays copied,
    generators in their original state."""
    def copy(v):
        if isinstance(v, torch.Tensor):
            return v if v.requires_grad else v.clone()
        if isinstance(v, np.ndarray):
            return v.copy()
        if isinstance(v, torch.Generator):
            return clone_generator(v)
        if isinstance(v, list):
            return [copy(x) for x in v]
        if isinstance(v, tuple) and not isinstance(v, torch.Size):
            return tuple(copy(x) for x in v)
        if isinstance(v, dict):
            return {k: copy(x) for k, x in v.items()}
        return v
    return Case(args=copy(case.args), kwargs=copy(case.kwargs), init=case.init, label=case.label,
                scale=case.scale, seed=case.seed)


def cast_case(case: Case, dtype) -> Case:
    return map_case(case, lambda t: t.to(dtype))


def with_grad(case: Case) -> Case:
    """A copy of case whose floating-point tensors are fresh leaves that require grad."""
    return map_case(case, lambda t: t.detach().clone().requires_grad_(True), generators=clone_generator)


def flat_tensors(tree) -> list[torch.Tensor]:
    return [t for _, t in tensors_in(tree)]


# ---- the reference's and the mistakes' results, kept for the life of the grading process ----------

KEPT: dict = {}            # (reference namespace, entry name) -> {key: the reference's or a mistake's result}
KEEP_AT_MOST = 512         # results kept for one entry: a grading makes about 150, more where it names a mistake


def fingerprint(value):
    """What tells `value` from any other input by value alone (a tensor by its dtype, shape and
    bytes, a generator by its state), or None when some part of it is not a plain value."""
    if isinstance(value, torch.Tensor):
        if value.device.type != "cpu" or value.layout != torch.strided:
            return None
        t = value.detach().resolve_conj().resolve_neg().contiguous().reshape(-1)
        return "tensor", str(t.dtype), tuple(value.shape), value.requires_grad, t.view(torch.uint8).numpy().tobytes()
    if isinstance(value, np.ndarray):
        return None if value.dtype == object else ("array", str(value.dtype), value.shape, value.tobytes())
    if isinstance(value, torch.Generator):
        return None if value.device.type != "cpu" else ("generator", value.get_state().numpy().tobytes())
    if value is None or isinstance(value, (bool, int, float, complex, str, torch.dtype, torch.device)):
        return type(value).__name__, repr(value)
    if isinstance(value, (list, tuple)):        # torch.Size too
        parts = [fingerprint(v) for v in value]
        return None if None in parts else (type(value).__name__, *parts)
    if isinstance(value, dict):
        parts = [(repr(k), fingerprint(v)) for k, v in value.items()]
        return None if any(p is None for _, p in parts) else ("dict", *parts)
    return None


class Runner:
    """Calls one entry: the reference's, the learner's (guarded), or a mistake's."""

    def __init__(self, entry: Entry, reference, learner, learner_file: str, call_limit: float, guard,
                 budget: float = 30.0, drill_id: str = ""):
        self.entry, self.ref_ns, self.ns = entry, reference, learner
        self.drill_id = drill_id                 # whose table translates the examples' labels
        self.file, self.call_limit, self.guard = learner_file, call_limit, guard
        self.root, _, self.method = entry.name.partition(".")
        self.is_class = inspect.isclass(getattr(reference, self.root))
        self.is_module = self.is_class and issubclass(getattr(reference, self.root), torch.nn.Module)
        target = getattr(reference, self.root)
        target = getattr(target, self.method or "forward") if self.is_class else target
        if self.is_class and not self.method and not self.is_module:
            target = target.__call__
        self.params = [p for p in inspect.signature(target).parameters if p != "self"]
        self.mutations: list[str] = []
        self.kept = KEPT.setdefault((reference, entry.name), {})
        self.stopwatch = Stopwatch(budget)
        self.last_impl = None

    # ---- describing ---------------------------------------------------------------------------

    def describe(self, case: Case | None) -> str:
        if case is None:
            return ""
        name = self.root
        if self.is_class:
            init = ", ".join(map(repr, case.init or ()))
            name = f"{name}({init})" + (f".{self.method}" if self.method else ".forward" if self.is_module else "")
        text = describe_call(name, case.args, case.kwargs, self.params)
        return text + (f" [{words.drill(self.drill_id, case.label)}]" if case.label else "")

    def reproduction(self, drill_id: str, case: Case | None) -> str:
        """A line that repeats the call in a Python shell in the workspace, for a function entry whose
        inputs are small enough to write out ('' otherwise: a class, a module, large inputs)."""
        if case is None or self.is_class or self.entry.run is not None:
            return ""
        return reproduction(drill_id, self.root, case.args, case.kwargs, self.params)

    # ---- building and calling -----------------------------------------------------------------

    def state(self, case: Case):
        """(the module's weights for case, the reference module built to make them, or None when they
        were made before)."""
        key = ("weights", repr(case.init), case.seed)
        if key in self.kept:
            return self.kept[key], None
        seed_all(case.seed)
        built = getattr(self.ref_ns, self.root)(*case.init)
        self.keep(key, perturbed_state(built, case.seed))
        return self.kept[key], built

    def remembered(self, what: str, case: Case, compute, *details):
        """compute(), the reference's (or a declared mistake's) `what` on case, made once for the life
        of this process. A spare grading process warms up by grading the reference with the seed of
        the check it will take, so that check finds made what the reference gives on every input that
        a right answer meets. Kept only where it follows from the key: the inputs by value and the
        case's seed (a module's build starts from it); a function that draws from torch's global
        generator is run every time."""
        key = (what, fingerprint(case.args), fingerprint(case.kwargs), fingerprint(case.init), case.seed,
               case.scale, *details)
        if None in key[1:4] or self.entry.ranks:
            return compute()
        if key in self.kept:
            return self.kept[key]
        before = None if self.is_module else torch.default_generator.get_state()
        result = compute()
        if before is None or torch.equal(before, torch.default_generator.get_state()):
            self.keep(key, result)
        return result

    def keep(self, key, value) -> None:
        if len(self.kept) >= KEEP_AT_MOST:
            self.kept.clear()
        self.kept[key] = value

    def build(self, ns, case: Case, dtype=None, device=None, state=None, train=False, weights=None):
        """The entry from namespace `ns`, ready to call: a function as it is; a class built from
        case.init, with the reference's (perturbed) weights for a module, its method for a method.
        state(weights) may change the weights first (an invariant's chosen weights), or `weights`
        replace them (chosen so in the judge); train=True leaves the module in train() mode."""
        obj = getattr(ns, self.root)
        if not self.is_class or self.entry.ranks:
            return obj                      # a distributed entry is built on each rank, by its run
        init = case.init or ()
        if self.is_module:
            if weights is not None:
                built = None
            else:
                weights, built = self.state(case)
            if state is not None:
                weights = {k: v.clone() for k, v in weights.items()}
                state(weights)
            if built is not None and ns is self.ref_ns:
                impl = built              # made just now as below (the same seed, then __init__): not made twice
            else:
                seed_all(case.seed)
                impl = obj(*init)
            try:
                impl.load_state_dict(weights, strict=True)
            except RuntimeError as e:
                raise ParameterMismatch(parameter_message(impl, weights)) from e
            impl.train(train)
            if dtype or device:
                impl = impl.to(device=device, dtype=dtype)
        else:
            impl = obj(*init)
        return getattr(impl, self.method) if self.method else impl

    def run(self, ns, impl, case: Case):
        if self.entry.ranks:
            from grader.engine import distributed
            return distributed.on_ranks(self.entry.ranks(case), self.entry.run, impl, case, ns)
        if self.entry.run:
            return self.entry.run(impl, case, ns)
        return impl(*case.args, **case.kwargs)

    def reference(self, case: Case, dtype=None, device=None):
        impl = self.build(self.ref_ns, case, dtype, device)
        self.last_reference = impl
        return self.run(self.ref_ns, impl, copy_case(case))

    def chosen_weights(self, case: Case, state) -> dict | None:
        """The module's weights for case, changed by state(weights): made here, for the learner's process."""
        if state is None or not self.is_module or self.entry.ranks:
            return None
        weights = {k: v.clone() for k, v in self.state(case)[0].items()}
        state(weights)
        return weights

    def learner(self, case: Case, dtype=None, device=None, guarded: bool = True, grad: bool = True, **build):
        """Run the learner's entry on a copy of `case`, watching for banned calls and in-place edits;
        grad=False runs it under torch.no_grad()."""
        case = copy_case(case)
        snapshot = Snapshot(dict(zip(self.params, case.args)) | case.kwargs)
        try:
            with learner_code(self.call_limit), self.stopwatch.timing(), torch.set_grad_enabled(grad and
                                                                                                torch.is_grad_enabled()):
                impl = self.last_impl = self.build(self.ns, case, dtype, device, **build)
                if guarded:
                    with self.guard:
                        out = self.run(self.ns, impl, case)
                else:
                    out = self.run(self.ns, impl, case)
        except Exception as e:
            raise LearnerRaised(e, self.file) from e
        for name in snapshot.changed():
            if name not in self.mutations:
                self.mutations.append(name)
        if self.stopwatch.over:
            raise TooSlow(self.slow_message())
        return out

    def slow_message(self) -> str:
        w = self.stopwatch
        if w.waited:
            return words.say("engine.runner.waits", calls=w.calls, wall=w.wall, cpu=w.spent,
                             allowed=guards.WALL_FACTOR * w.budget)
        return words.say("engine.runner.slow", calls=w.calls, cpu=w.spent, each=w.spent / max(1, w.calls),
                         budget=w.budget)

    def mistake(self, like, case: Case, dtype=None):
        """A mistake's output on case, or None when it cannot run there; kept as the reference's results
        are, since naming the mistake of each failing check runs the declared mistakes on the same
        examples again."""
        def output():
            ns = Overlay(self.ref_ns, **{self.root: like})
            return self.run(ns, self.build(ns, case, dtype), copy_case(cast_case(case, dtype) if dtype else case))
        try:
            return self.remembered("mistake", case, output, like, str(dtype))
        except Exception:
            return None


def parameter_message(impl, state) -> str:
    want = [f"{k} {tuple(v.shape)}" for k, v in state.items()]
    have = [f"{k} {tuple(v.shape)}" for k, v in impl.state_dict().items()]
    missing = [w for w in want if w not in have]
    extra = [h for h in have if h not in want]
    detail = words.say("engine.pipeline.separator").join(filter(None, [
        words.say("engine.runner.missing_parameters", names=", ".join(missing)) if missing else "",
        words.say("engine.runner.extra_parameters", names=", ".join(extra)) if extra else ""]))
    return words.say("engine.runner.parameters", want=", ".join(want), have=", ".join(have), detail=detail)
