"""The one grading pipeline every drill, and every entry of a drill, goes through.

load → signature → for each entry: started, runs/shape/dtype/values, float64, float16/bfloat16,
gradients, invariants, extreme inputs, sampled frequencies and generator, no loop, work, memory,
inputs unchanged, device → banned calls → speed.

grade() yields ("begin", name) before each step and ("end", name) after it, and each Check in
between, so that the process watching it knows which check was running if the learner's code
takes the interpreter down, and can tell a complete verdict from a cut one.
"""
from __future__ import annotations

import contextlib
import math
import re
import sys
import traceback
from dataclasses import asdict
from pathlib import Path

import torch

from grader import words
from grader.engine import apart, devices, loader, sampling, speed
from grader.engine.compare import first_difference, plain
from grader.engine.counting import count_work, work
from grader.engine.guards import (LEARNER_PREFIX, REFERENCE_USE, BannedCalls, CallTimeout, LargestIntermediate,
                           LearnerExit, at_line, guarded_backward, learner_code, tensors_in)
from grader.engine.result import ERROR, FAIL, PASS, SKIPPED, TODO, Check
from grader.engine.runner import (LearnerRaised, ParameterMismatch, Runner, TooSlow, cast_case, copy_case,
                           flat_tensors, map_case, with_grad)
from grader.engine.search import SHRINK_SECONDS, Mismatch, nondeterministic, search
from grader.engine.spec import Case, Drill, Entry, Fail, Trace

VALUE_CHECKS = ["runs", "shape", "dtype", "values"]
HALF_DTYPES = (torch.float16, torch.bfloat16)
CHECK_BUDGET_S = 30.0                 # the learner's time in one check, all calls together
AUTOGRAD = ["torch.autograd.grad", "torch.autograd.backward", "torch.Tensor.backward",
            "torch.autograd.functional", "torch.func.grad", "torch.func.vjp", "torch.func.jacrev"]


class Stop(Exception):
    """Grading cannot go on; carries the check that says why."""

    def __init__(self, check: Check):
        self.check = check


class StopEntry(Stop):
    """This entry cannot be graded further; the other entries still are."""


def grade(drill_id: str, path: str | None = None, *, module=None, seed: int = 0, device: str = "auto",
          speed_check: bool = True, call_limit: float = 10.0, max_examples: int | None = None,
          database=None, check_budget: float = CHECK_BUDGET_S, shrink_seconds: float | None = SHRINK_SECONDS,
          apart: bool = True, entries=None):
    """Grade the learner's file at `path` (or an already loaded `module`) as drill `drill_id`. The
    learner's code runs in a process of its own (grader/engine/apart.py); this one only judges. apart=False
    (the warm grader's warm-up on a reference, trusted code) runs everything here. `entries` (names)
    grades only those of the drill's entries (a mistake grafted onto one entry of the reference leaves
    the others the reference's own)."""
    drill: Drill = loader.declaration(drill_id)
    words.grading(drill_id)
    g = Grading(drill_id, drill, path, module, seed, call_limit,
                drill.max_examples if max_examples is None else max_examples, database, check_budget,
                shrink_seconds)
    g.apart = apart
    g.only = None if entries is None else set(entries)
    yield from g.events(device, speed_check)


class Grading:
    def __init__(self, drill_id, drill: Drill, path, module, seed, call_limit, max_examples, database,
                 check_budget, shrink_seconds: float | None = SHRINK_SECONDS):
        self.id, self.drill, self.seed = drill_id, drill, seed
        self.path = str(Path(path).resolve()) if path else getattr(module, "__file__", "") or "<module>"
        self.module = module
        self.call_limit, self.max_examples = call_limit, max_examples
        self.database, self.check_budget, self.shrink_seconds = database, check_budget, shrink_seconds
        self.ref = loader.reference(drill_id)
        banned = list(drill.banned) + (["import torch"] if drill.numpy else []) + \
            ([] if drill.autograd else AUTOGRAD)
        self.guard = BannedCalls(banned)
        self.entries: list[EntryGrading] = []
        self.multi = len(drill.entries) > 1
        self.apart = True                                    # the learner's code in a process of its own
        self.only: set | None = None                         # the entries graded (None: all)
        self.process: apart.LearnerProcess | None = None     # where the learner's code runs
        self.here_entries: dict[str, EntryGrading] = {}      # in the learner's process: its side of each entry

    # ---- the order of the steps ---------------------------------------------------------------

    def events(self, device: str, speed_check: bool):
        try:
            yield from self.steps(device, speed_check)
        finally:
            if self.process is not None:
                self.process.close()
            if "grader.engine.distributed" in sys.modules:     # the rank processes of a distributed drill
                sys.modules["grader.engine.distributed"].close()

    def steps(self, device: str, speed_check: bool):
        for label, step in (("load", self.load), ("signature", self.signature)):
            if not (yield from self.step(label, step)):
                return
        for eg in self.entries:
            for label, step in eg.steps(device):
                if eg.stopped:
                    break
                if not (yield from self.step(eg.label(label), step, eg)):
                    return
        if all(eg.todo for eg in self.entries):
            return                                   # nothing written yet: nothing more to say
        yield from self.step("banned calls", self.banned_calls)
        yield from self.step("own work", self.own_work)
        for eg in self.entries:
            if not eg.stopped:
                step = eg.speed if speed_check else eg.no_speed
                if not (yield from self.step(eg.label("speed"), step, eg)):
                    return

    def step(self, label: str, step, eg=None):
        """Run one step; False when grading must stop altogether."""
        yield ("begin", label)
        try:
            for check in step():
                yield check
        except StopEntry as stop:
            yield stop.check
            eg.stopped = True
        except Stop as stop:
            yield stop.check
            yield ("end", label)
            return False
        except CallTimeout as e:
            where = eg.runner.describe(eg.current) if eg and eg.current else ""
            hint = "" if e.wall else words.say("engine.pipeline.reference_fast")
            who = eg.name if eg else words.say("engine.pipeline.your_code")
            yield Check(label, FAIL, words.say("engine.pipeline.timeout", who=who, what=e, hint=hint), call=where)
            if eg is None:
                yield ("end", label)
                return False
            eg.stopped = True
        except TooSlow as e:
            yield Check(label, FAIL, str(e))
            eg.stopped = True
        except LearnerExit as e:
            yield Check(label, FAIL, words.say("engine.pipeline.stopped", what=e))
            yield ("end", label)
            return False
        except Exception as e:          # the grader's own fault: said as such, never as the learner's
            yield Check(label, ERROR, words.say("engine.pipeline.internal_error", kind=type(e).__name__, error=e))
            if eg is None:
                yield ("end", label)
                return False
            eg.stopped = True
        yield ("end", label)
        return True

    # ---- the learner's process ----------------------------------------------------------------

    def ask(self, *what):
        """What the learner's process answers to `what` (see here)."""
        return self.here(*what) if self.process is None else self.process.ask(what)

    def here(self, kind: str, *args):
        """In the learner's process: load the file, check its signatures, or run one of an entry's
        here_* methods (the only ones that run the learner's code)."""
        if kind == "load":
            return self.here_load()
        if kind == "signature":
            return loader.signature_problems(self.ref, self.module, *args)
        name, method, margs = args
        if not method.startswith("here_"):
            raise ValueError(f"not a method of the learner's process: {method}")
        return getattr(self.here_entry(name), method)(*margs)

    def here_entry(self, name: str) -> "EntryGrading":
        if name not in self.here_entries:
            entry = next(e for e in self.drill.entries if e.name == name)
            runner = Runner(entry, self.ref, self.module, self.path, self.call_limit, self.guard, self.check_budget,
                            drill_id=self.id)
            self.here_entries[name] = EntryGrading(self, entry, runner)
        return self.here_entries[name]

    def here_runner(self, what: tuple):
        return self.here_entry(what[1]).runner if what[0] == "entry" else None

    # ---- drill-level checks -------------------------------------------------------------------

    def load(self):
        if self.apart:
            self.process = apart.LearnerProcess(self)
        self.ask("load")
        yield Check("load", PASS, self.path)

    def here_load(self) -> None:
        if self.module is None:
            try:
                with learner_code(self.call_limit), self.guard:
                    self.module = loader.load_file(Path(self.path), f"{LEARNER_PREFIX}{self.id}")
            except SyntaxError as e:
                raise Stop(Check("load", FAIL, words.say("engine.pipeline.syntax_error", line=e.lineno, error=e.msg),
                                 call=(e.text or "").strip()))
            except Exception as e:
                raise Stop(Check("load", FAIL, str(LearnerRaised(e, self.path, importing=True))))

    def signature(self):
        forms = loader.Forms()
        names = [e.name for e in self.drill.entries]
        for entry in self.drill.entries:
            if entry.ranks:
                continue                    # run on the ranks only: its calls are checked there
            runner = Runner(entry, self.ref, self.ref, self.path, self.call_limit, self.guard, drill_id=self.id)
            record_forms(forms, runner, entry.examples + entry.extreme[:1] +
                         (entry.sampled.cases[:1] if entry.sampled else []))
        problems = self.ask("signature", names, forms)
        for entry in self.drill.entries:
            if problems[entry.name] or (self.only is not None and entry.name not in self.only):
                continue
            runner = Runner(entry, self.ref, self.module, self.path, self.call_limit, self.guard,
                            self.check_budget, drill_id=self.id)
            self.entries.append(EntryGrading(self, entry, runner))
        said = [p for ps in problems.values() for p in dict.fromkeys(ps)]
        if said:
            check = Check("signature", FAIL, words.say("engine.pipeline.separator").join(dict.fromkeys(said)))
            if not self.entries:
                raise Stop(check)
            yield check
        else:
            yield Check("signature", PASS)

    def banned_calls(self):
        seen = self.guard.seen
        imports = [s.removeprefix("import ") for s in seen if s.startswith("import ")]
        calls = [s for s in seen if not s.startswith("import ")]
        autograd = [c for c in calls if c in AUTOGRAD]
        calls = [c for c in calls if c not in AUTOGRAD]
        where = self.guard.where
        said = ([words.say("engine.pipeline.called_banned", calls=", ".join(c + where.get(c, "") for c in calls))]
                if calls else []) + \
               ([words.say("engine.pipeline.used_autograd", calls=", ".join(a + where.get(a, "") for a in autograd))]
                if autograd else []) + \
               ([words.say("engine.pipeline.imported_banned",
                           modules=", ".join(i + where.get("import " + i, "") for i in imports))] if imports else [])
        if said:
            yield Check("banned calls", FAIL, words.say("engine.pipeline.separator").join(said))
        elif self.guard.functions or self.guard.classes or self.guard.codes or self.guard.modules:
            yield Check("banned calls", PASS)

    def own_work(self):
        if REFERENCE_USE:
            yield Check("own work", FAIL, words.say("engine.pipeline.uses_reference", what=", ".join(REFERENCE_USE)))


def record_forms(forms: loader.Forms, runner: Runner, cases: list[Case]) -> None:
    """Run the reference on cases, recording how its entry is called."""
    ref = runner.ref_ns
    for case in cases:
        impl = runner.build(ref, case)
        handle = None
        if runner.is_class:
            forms.add(f"{runner.root}()", case.init or (), {})
        if runner.is_module and not runner.method:
            handle = forms.watch_module(f"{runner.root}.forward", impl)
        else:
            label = f"{runner.root}.{runner.method}" if runner.method else runner.root
            if runner.is_class and not runner.method:
                label = f"{runner.root}.__call__"
            impl = forms.recorder(label, impl)
        try:
            runner.run(ref, impl, copy_case(case))
        except Exception:
            pass
        finally:
            if handle:
                handle.remove()


class EntryGrading:
    """Every check of one entry."""

    def __init__(self, grading: Grading, entry: Entry, runner: Runner):
        self.g, self.entry, self.runner = grading, entry, runner
        self.name = entry.name
        self.stopped = False
        self.todo = False
        self.values_ok = False
        self.values_mistake = ""
        self.current: Case | None = None
        self.outputs: list | None = None                     # the learner's outputs on the examples
        self.draws: dict = {}                                # the learner's draws on sampled cases
        self.raised = None                                   # what the learner's code raised in values
        self.sampled_ok = True
        self.returns = "tensors"                             # what the reference returns (output_kind)
        self.mistakes = list(entry.mistakes) + list(grading.drill.mistakes)

    def label(self, check: str) -> str:
        return f"{self.name}: {check}" if self.g.multi else check

    def steps(self, device: str):
        e = self.entry
        steps = [("started", self.started), ("values", self.values)]
        if not e.sampled and has_floats(e.examples) and not self.g.drill.numpy and not e.ranks:
            steps.append(("float64", self.float64))
        if e.half:
            steps.append(("float16/bfloat16", self.half))
        if e.grad and not e.sampled and not self.g.drill.numpy:
            steps.append(("gradients", self.gradients))
        steps.append(("invariants", self.invariants))
        if e.extreme:
            steps.append(("extreme inputs", self.extreme))
        if e.sampled:
            steps += [("frequencies", lambda: sampling.frequencies(self)),
                      ("generator", lambda: sampling.generator(self))]
        if e.loops:
            steps.append(("no loop", self.loops))
        if e.work:
            steps.append(("work", self.work))
        if e.memory:
            steps.append(("memory", self.memory))
        steps.append(("inputs unchanged", self.inputs_unchanged))
        if e.device and not self.g.drill.numpy:
            steps.append(("device", lambda: devices.checks(self, device)))
        return steps

    # ---- helpers ------------------------------------------------------------------------------

    def mistake_of_check(self, name: str) -> str:
        """The mistake declared with check=name: the one way that check fails."""
        return next((m.name for m in self.mistakes if m.check == name), "")

    def check(self, name: str, status: str, message: str = "", call: str = "", mistake: str = "") -> Check:
        hint = next((m.hint for m in self.mistakes if mistake and m.name == mistake and m.hint), "")
        return Check(self.label(name), status, message, call=call, mistake=mistake, hint=hint)

    def search(self, prop, examples, max_examples, key: str):
        return search(prop, self.entry.inputs, examples, seed=self.g.seed, max_examples=max_examples,
                      database=self.g.database, key=f"{self.g.id}/{self.name}/{key}",
                      shrink_seconds=self.g.shrink_seconds)

    def expected(self, case: Case, dtype=None):
        """The reference's output on case: in float64 for float64, else computed in float32 and cast
        to a half dtype (the reference is not graded on its own rounding)."""
        return self.runner.remembered("output", case, lambda: self.reference_output(case, dtype), str(dtype))

    def reference_output(self, case: Case, dtype=None):
        if dtype is None:
            return self.runner.reference(case)
        if dtype == torch.float64:
            return self.runner.reference(cast_case(case, dtype), dtype=dtype)
        return to_dtype(self.runner.reference(cast_case(case, torch.float32)), dtype)

    def ask(self, method: str, *args):
        """What this entry's here_<method> gives in the learner's process (here when there is none)."""
        if self.g.process is None:
            return getattr(self, method)(*args)
        try:
            return self.g.process.ask(("entry", self.name, method, args), self.runner)
        except Mismatch as m:
            if m.case is None and args and isinstance(args[0], Case):
                m.case = args[0]
            raise

    def learner(self, case: Case, dtype=None, device=None, **build):
        """The learner's output on case (build: state=(weights -> None), train=True for a module's
        invariants: the weights are chosen here; grad=False: under torch.no_grad())."""
        return self.on_device(case, dtype, device, **build)[0]

    def on_device(self, case: Case, dtype=None, device=None, state=None, train=False, grad=True):
        """(the learner's output on case, run on `device` when given and brought back, the device
        type of each of its tensors)."""
        self.current = case
        return self.ask("here_run", case, dtype, device, self.runner.chosen_weights(case, state), train, grad)

    def here_run(self, case: Case, dtype, device, weights, train, grad):
        if device:
            case = map_case(case, lambda t: t.to(device), floating_only=False,
                            generators=lambda g: devices.generator_on(g, device))
        out = self.runner.learner(case, dtype=dtype, device=device, weights=weights, train=train, grad=grad)
        return out, [t.device.type for t in flat_tensors(out)]

    def failed(self, name: str, m: Mismatch, how=None, expected=None) -> Check:
        call = self.runner.describe(cast_case(m.case, m.dtype) if m.case is not None and m.dtype else m.case)
        if m.dtype:
            said = words.say("engine.pipeline.in_dtype", dtype=str(m.dtype).removeprefix("torch."))
            call = call.replace(" [", f"{said} [", 1) if " [" in call else call
        if getattr(m, "replayed", False):
            call += words.say("engine.pipeline.replayed")
        check = self.check(name, FAIL, m.message, call=call, mistake=self.name_mistake(m, how, expected))
        if m.error is None and how != "grad":
            check.repro = self.runner.reproduction(self.g.id, cast_case(m.case, m.dtype) if m.case is not None and
                                                   m.dtype else m.case)
        return check

    # ---- naming the mistake -------------------------------------------------------------------

    def name_mistake(self, m: Mismatch, how=None, expected=None) -> str:
        """The one declared mistake that matches the learner's failure and agrees with the learner on
        every example where both ran; '' when none does, or more than one (by name) does."""
        if m.mistake:
            return m.mistake
        if m.error is not None:
            names = {k.name for k in self.mistakes if k.error and re.search(k.error, f"{type(m.error).__name__}: {m.error}")}
            return names.pop() if len(names) == 1 else ""
        if m.case is None or m.got is None:
            return ""
        likes = [k for k in self.mistakes if k.like is not None]
        if not likes:
            return ""
        if expected is None:
            try:
                expected = self.expected(m.case, m.dtype) if how != "grad" else None
            except Exception:
                return ""
        matching = [k for k in likes if self.mistake_matches(k, m, how, expected)]
        matching = [k for k in matching if self.agrees_on_examples(k)]     # for gradients: its values too
        names = {k.name for k in matching}
        return names.pop() if len(names) == 1 else ""

    def mistake_matches(self, k, m: Mismatch, how, expected) -> bool:
        tol = self.tolerances(m.dtype)
        if how == "grad":
            grads = self.mistake_gradients(k, m.case)
            return grads is not None and first_difference(grads, m.got, scale=m.case.scale, overrides=tol,
                                                          equal_nan=True) is None
        out = self.runner.mistake(k.like, m.case, m.dtype)
        if out is None:
            return False
        graded = self.graded(m.case, expected)
        same = first_difference(out, m.got, scale=m.case.scale, overrides=tol, graded=graded, equal_nan=True) is None
        return same and first_difference(expected, out, scale=m.case.scale, overrides=tol, graded=graded) is not None

    def example_outputs(self) -> list:
        """The learner's outputs on every explicit example and extreme case (where it ran)."""
        if self.outputs is None:
            self.outputs = []
            for case in self.entry.examples + self.entry.extreme:
                try:
                    self.outputs.append((case, plain_copy(self.learner(case))))
                except LearnerRaised:
                    continue
        return self.outputs

    def agrees_on_examples(self, k) -> bool:
        """The mistake gives the learner's output on every example where both ran."""
        for case, got in self.example_outputs():
            out = self.runner.mistake(k.like, case)
            if out is None:
                continue
            if first_difference(out, got, scale=case.scale, overrides=self.entry.tol,
                                graded=self.graded(case, out), equal_nan=True) is not None:
                return False
        return True

    def mistake_gradients(self, k, case: Case):
        from grader.engine.runner import Overlay
        ns = Overlay(self.runner.ref_ns, **{self.runner.root: k.like})
        try:
            return self.gradients_of(ns, case, self.upstream_and_reference(case)[0])
        except Exception:
            return None

    def graded(self, case, expected):
        if self.entry.graded is None or expected is None:
            return None
        try:
            return self.entry.graded(case, expected)
        except Exception:
            return None

    def tolerances(self, dtype=None) -> dict:
        tol = dict(self.entry.tol)
        if "float32" in tol:
            tol.setdefault("float64", tol["float32"])
        else:
            tol.setdefault("float64", (1e-4, 1e-5))    # the learner may use float32 constants inside
        return tol

    # ---- the checks ---------------------------------------------------------------------------

    def started(self):
        case = self.entry.examples[0]
        self.current = case
        try:
            where = self.ask("here_unstarted", case)
        except LearnerRaised as e:
            if isinstance(e.exc, ParameterMismatch):      # named by a check= mistake or the drill's error patterns
                raise StopEntry(self.failed("parameters", Mismatch("parameters", str(e), case, error=e.exc,
                                                                   mistake=self.mistake_of_check("parameters"))))
            # any other error is reported, with its input, by the value checks
        else:
            if where is not None:
                self.todo = True
                raise StopEntry(self.check("started", TODO, words.say("engine.pipeline.not_started", name=self.name,
                                                                      where=where)))
        yield self.check("started", PASS)

    def here_unstarted(self, case: Case) -> str | None:
        """In the learner's process: where (' (line N: `source`)', or '') the learner's entry still
        raises NotImplementedError on case; None when it does not. What else it raises goes on."""
        try:
            self.here_run(case, None, None, None, False, True)
        except LearnerRaised as e:
            if not isinstance(e.exc, NotImplementedError):
                raise
            frames = [f for f in traceback.extract_tb(e.exc.__traceback__) if f.filename == self.g.path]
            return at_line(frames[-1].lineno, frames[-1].line) if frames else ""
        return None

    def compare_prop(self, dtype=None, device=None):
        """prop(case): the learner's output on case equals the reference's, else Mismatch. With
        dtype or device, the learner runs in that dtype / on that device."""
        entry, structure_only = self.entry, self.entry.sampled is not None

        def prop(case):
            run_case = cast_case(case, dtype) if dtype else case
            expected = self.expected(case, dtype)
            try:
                got, where = self.on_device(run_case, dtype=dtype, device=device)
            except LearnerRaised as e:
                raise Mismatch("runs", str(e), run_case, error=e.exc, dtype=dtype) from None
            if device:
                wrong = [d for d in where if d != torch.device(device).type]
                if wrong:
                    raise Mismatch("device", words.say("engine.pipeline.output_on_device", got=wrong[0], device=device),
                                   case)
                got = map_case(Case(args=(got,)), lambda t: t.cpu(), floating_only=False).args[0]
            graded = self.graded(case, expected)
            diff = first_difference(self.steps_said(expected), got, scale=case.scale, overrides=self.tolerances(dtype),
                                    graded=graded, values=not structure_only)
            if diff:
                raise Mismatch(diff[0], diff[1], case, got, dtype=dtype)
        return prop

    def steps_said(self, expected):
        """The reference's output with the calls of its steps (the drill's own text, when it is a
        Trace) in the language spoken, for a message that names the step."""
        if not isinstance(expected, Trace):
            return expected
        return Trace((words.drill(self.g.id, call), output) for call, output in expected)

    def deterministic(self, case: Case):
        """Two identical calls give the same output."""
        try:
            a, b = self.learner(case), self.learner(case)
        except LearnerRaised:
            return
        diff = first_difference(plain_copy(a), b, overrides={"float32": (1e-6, 1e-7)}, equal_nan=True)
        if diff:
            raise Mismatch("values", words.say("engine.pipeline.nondeterministic_at", why=nondeterministic(),
                                               difference=diff[1]), case)

    def output_kind(self) -> str:
        """What the reference returns on the first example: "tensors", "none" (None: a method that
        only changes state) or "plain" (numbers, lists, dicts without tensors). Shape and dtype lines
        are shown for tensors only, and a method that returns None has no precision to check."""
        try:
            out = self.expected(self.entry.examples[0])
        except Exception:
            return "tensors"
        return "none" if out is None else "tensors" if tensors_in(out) else "plain"

    def values(self):
        prop = self.compare_prop()
        self.returns = self.output_kind()
        m = None
        if not self.entry.sampled:
            try:
                self.deterministic(self.entry.examples[0])
            except Mismatch as e:
                m = e
        m = m or self.search(prop, self.entry.examples, self.g.max_examples, "values")
        failed_at = VALUE_CHECKS.index(m.kind) if m else len(VALUE_CHECKS)
        if self.entry.sampled:
            failed_at = min(failed_at, VALUE_CHECKS.index("values"))
        for i, name in enumerate(VALUE_CHECKS):
            if self.entry.sampled and name == "values":
                continue          # random outputs: their values are judged by frequencies
            if i < failed_at:
                if self.returns == "tensors" or name not in ("shape", "dtype"):
                    yield self.check(name, PASS)
            elif i == failed_at:
                check = self.failed(name, m)
                self.values_mistake = check.mistake
                self.raised = error_key(m.error)
                yield check
            else:
                yield self.check(name, SKIPPED, words.say("engine.pipeline.skipped_after",
                                                          check=words.check_name(self.g.id, m.kind)))
        self.values_ok = m is None

    def same_error(self, exc) -> bool:
        """The learner's code raised what it already raised in the value checks."""
        return self.raised is not None and error_key(exc) == self.raised

    def against_reference(self, name: str, m: Mismatch | None, how=None) -> Check:
        """A check that compares with the reference: once values failed, it reports only a different
        named mistake, else says to fix the values first."""
        if m is None:
            return self.check(name, PASS)
        if self.same_error(m.error):
            return self.check(name, SKIPPED, words.say("engine.pipeline.raises_again"))
        check = self.failed(name, m, how)
        if self.values_ok or (check.mistake and check.mistake != self.values_mistake):
            return check
        return self.check(name, SKIPPED, words.say("engine.pipeline.against_reference"))

    def float64(self):
        if self.returns == "none" and self.values_ok:
            return
        cases = [c for c in self.entry.examples if has_floats([c])][:3]
        m = self.search(self.compare_prop(torch.float64), cases, 0, "float64")
        yield self.against_reference("float64", m)

    def half(self):
        cases = [c for c in self.entry.examples if has_floats([c])]    # every kind of input float32 meets: masks too
        for dtype in HALF_DTYPES:
            m = self.search(self.compare_prop(dtype), cases, max(5, self.g.max_examples // 4), str(dtype))
            yield self.against_reference(str(dtype).removeprefix("torch."), m)

    def extreme(self):
        if self.returns == "none" and self.values_ok:
            return
        m = self.search(self.compare_prop(), self.entry.extreme, 0, "extreme")
        yield self.against_reference("extreme inputs", m)

    # gradients

    def upstream_and_reference(self, case: Case):
        """(upstream gradients for the differentiable outputs, the reference's gradients, whether the
        drill grades every output of this case); the reference's gradients only for a case graded whole."""
        return self.runner.remembered("gradients", case, lambda: self.reference_gradients(case))

    def reference_gradients(self, case: Case):
        ref_case = with_grad(case)
        with torch.enable_grad():
            out = self.runner.reference(ref_case)
        flat = flat_tensors(out if not isinstance(out, Trace) else [o for _, o in out])
        index = [i for i, t in enumerate(flat) if t.requires_grad]
        gen = torch.Generator().manual_seed(case.seed + 1)
        ups = [torch.randn(flat[i].shape, generator=gen).to(flat[i].dtype) for i in index]
        mask = self.graded(case, out)
        if isinstance(mask, torch.Tensor):
            ups = [u * mask if u.shape == mask.shape else u for u in ups]
        leaves = named_leaves(ref_case, self.runner.params, self.runner.last_reference)
        plan = (index, ups, list(leaves))
        if isinstance(mask, torch.Tensor) and not bool(mask.all()):
            return plan, {}, False
        grads = torch.autograd.grad([flat[i] for i in index], list(leaves.values()), ups, allow_unused=True) \
            if index else ()
        return plan, dict(zip(leaves, grads)), True

    def gradients_of(self, ns, case: Case, plan, learner: bool = False):
        """The gradients {leaf name: grad} of ns's entry on case, for the reference's upstream plan
        (the learner's: made in the learner's process)."""
        if learner:
            return self.ask("here_gradients", case, plan)
        return self.gradients_here(ns, case, plan, False)

    def here_gradients(self, case: Case, plan):
        return self.gradients_here(self.runner.ns, case, plan, True)

    def gradients_here(self, ns, case: Case, plan, learner: bool):
        index, ups, names = plan
        run_case = with_grad(case)
        if learner:
            out = self.learner(run_case)
            impl = self.runner.last_impl
        else:
            with torch.enable_grad():
                impl = self.runner.build(ns, case)
                out = self.runner.run(ns, impl, copy_case(run_case))
        flat = flat_tensors(out if not isinstance(out, Trace) else [o for _, o in out])
        outs = [flat[i] for i in index if i < len(flat)]
        if len(outs) != len(index) or not all(t.requires_grad for t in outs):
            raise Mismatch("gradients", words.say("engine.pipeline.not_connected"), case)
        leaves = named_leaves(run_case, self.runner.params, impl if isinstance(impl, torch.nn.Module) else None)
        wanted = [leaves.get(n) for n in names]
        present = [t for t in wanted if t is not None]
        # the learner's backward (a custom autograd.Function's) is the learner's code: guarded as its forward
        watch = guarded_backward(self.runner.guard, outs) if learner else contextlib.nullcontext()
        with learner_code(self.g.call_limit), torch.enable_grad(), watch:
            grads = iter(torch.autograd.grad(outs, present, ups, allow_unused=True) if present else ())
        return {n: (next(grads) if t is not None else None) for n, t in zip(names, wanted)}

    def gradient_prop(self, case: Case):
        plan, want, whole = self.upstream_and_reference(case)
        if not whole:
            return         # outputs the drill does not grade (queries with no key) have no gradient to grade
        if not plan[0] or not any(u.numel() for u in plan[1]):
            return                   # nothing differentiable, or only empty outputs: no gradient to grade
        try:
            got = self.gradients_of(self.runner.ns, case, plan, learner=True)
        except LearnerRaised as e:
            raise Mismatch("gradients", str(e), case, error=e.exc) from None
        except Mismatch:
            raise
        except Exception as e:
            raise Mismatch("gradients", words.say("engine.pipeline.backward_raised", kind=type(e).__name__, error=e),
                           case) from None
        rtol, atol = self.entry.tol.get("grad", (1e-3, 1e-4))
        for name, gr in want.items():
            if gr is None or not gr.abs().sum():
                continue
            gl = got.get(name)
            if gl is None:
                raise Mismatch("gradients", words.say("engine.pipeline.no_gradient", name=name), case, got=got)
            diff = first_difference(gr, gl, scale=case.scale, overrides={"float32": (rtol, atol),
                                                                          "float64": (rtol, atol)},
                                    path=f"d(output)/d({name})", graded=~gr.isnan())  # NaN: not defined there
            if diff:
                raise Mismatch("gradients", diff[1], case, got=got)

    def gradients(self):
        m = self.search(self.gradient_prop, self.entry.examples + self.entry.extreme,
                        max(5, self.g.max_examples // 3), "gradients")
        if m is not None and m.error is not None and "in-place operation" in str(m.error) and self.runner.mutations:
            yield self.check("gradients", SKIPPED, words.say("engine.pipeline.in_place_stops_autograd"))
            return
        yield self.against_reference("gradients", m, how="grad")

    # invariants, no loop, memory, inputs, speed

    def invariant_call(self):
        """The `call` an invariant is given."""
        def call(case, **build):       # build: state=(weights -> None), train=True for module invariants
            return self.learner(case, **build)
        # the elements the values check grades on a call: an invariant judges no others
        call.graded = lambda case: self.graded(case, self.expected(case)) if self.entry.graded else None
        return call

    def invariants(self):
        call = self.invariant_call()
        for i, inv in enumerate(self.entry.invariants):
            def prop(case, inv=inv, i=i):
                try:
                    if inv.live:
                        self.ask("here_invariant", case, i)
                    else:
                        inv.fn(call, case)
                except Fail as f:
                    raise Mismatch(inv.name, words.drill(self.g.id, str(f)), f.case or case, mistake=f.mistake) \
                        from None
                except LearnerRaised as e:
                    raise Mismatch(inv.name, str(e), case, error=e.exc) from None
                except (CallTimeout, TooSlow, LearnerExit):
                    raise
                except Exception as e:   # the output is not even of the kind the invariant reads
                    raise Mismatch(inv.name, words.say("engine.pipeline.not_checkable", kind=type(e).__name__,
                                                       error=e), case) from None
            if inv.drawn:
                m = self.search(prop, self.entry.examples, max(5, self.g.max_examples // 4), inv.name)
            else:
                m = self.search(prop, self.entry.examples[:1], 0, inv.name)
            if m is not None and self.same_error(m.error):
                yield self.check(inv.name, SKIPPED, words.say("engine.pipeline.raises_again"))
            else:
                yield self.failed(inv.name, m) if m else self.check(inv.name, PASS)

    def here_invariant(self, case: Case, i: int) -> None:
        self.entry.invariants[i].fn(self.invariant_call(), case)

    def loops(self):
        spec = self.entry.loops
        counts = []
        for case in (spec.small, spec.large):
            self.current = case
            try:
                counts.append(self.ask("here_work", case))
            except LearnerRaised as e:
                again = words.say("engine.pipeline.raises_again")
                yield self.check("no loop", SKIPPED, again) if self.same_error(e) else \
                    self.check("no loop", FAIL, str(e), call=self.runner.describe(case))
                return
        (calls_s, lines_s), (calls_l, lines_l) = counts
        over = words.drill(self.g.id, spec.over)
        if calls_l > calls_s or lines_l > lines_s + 2:
            what = []
            if calls_l != calls_s:
                what.append(words.say("engine.pipeline.calls_grow", small=calls_s, large=calls_l))
            if lines_l > lines_s + 2:
                what.append(words.say("engine.pipeline.lines_grow", small=lines_s, large=lines_l))
            mistake = self.mistake_of_check("no loop")
            what = what[0] if len(what) == 1 else words.say("engine.pipeline.both", first=what[0], second=what[1])
            yield self.check("no loop", FAIL, words.say("engine.pipeline.loop_found", what=what, over=over),
                             call=words.say("engine.pipeline.two_calls", first=self.runner.describe(spec.small),
                                            second=self.runner.describe(spec.large)),
                             mistake=mistake)
        else:
            yield self.check("no loop", PASS, words.say("engine.pipeline.no_loop", calls=calls_s, over=over))

    def measured(self, case: Case, measure, runs: int = 1):
        """measure(run), where run() calls the learner's entry on a copy of case (at most `runs` times;
        the copies are made before, so they are not the learner's work); what the learner's code
        raised, said as the learner's."""
        try:
            with learner_code(self.g.call_limit):
                impl = self.runner.build(self.runner.ns, case)
                copies = [copy_case(case) for _ in range(runs)]
                return measure(lambda: self.runner.run(self.runner.ns, impl, copies.pop()))
        except Exception as e:
            raise LearnerRaised(e, self.g.path) from e

    def here_work(self, case: Case):
        """(torch calls, lines of the learner's file run) of the learner's entry on case."""
        return self.measured(case, lambda run: work(run, [self.g.path]), runs=2)

    def work(self):
        spec = self.entry.work
        counts = []
        for n in spec.sizes:
            case = self.current = spec.case(n)
            try:
                counts.append(self.ask("here_count", case))
            except LearnerRaised as e:
                again = words.say("engine.pipeline.raises_again")
                yield self.check("work", SKIPPED, again) if self.same_error(e) else \
                    self.check("work", FAIL, str(e), call=self.runner.describe(case))
                return
        message, ok = work_growth(counts, spec.sizes, words.drill(self.g.id, spec.grows), spec.at_most)
        calls = words.say("engine.pipeline.two_calls", first=self.runner.describe(spec.case(spec.sizes[0])),
                          second=self.runner.describe(spec.case(spec.sizes[1])))
        if ok:
            yield self.check("work", PASS, message)
        else:
            yield self.check("work", FAIL, message, call=calls, mistake=self.mistake_of_check("work"))

    def here_count(self, case: Case):
        """(elements made, multiply-adds) of the learner's entry on case."""
        return self.measured(case, count_work)

    def memory(self):
        spec = self.entry.memory
        limit = spec.limit(spec.case)
        self.current = spec.case
        try:
            largest, op = self.ask("here_largest", spec.case)
        except LearnerRaised as e:
            yield self.check("memory", FAIL, str(e), call=self.runner.describe(spec.case))
            return
        if largest > limit:
            yield self.check("memory", FAIL,
                             words.say("engine.pipeline.memory_over", largest=largest, op=op, limit=limit),
                             call=self.runner.describe(spec.case), mistake=self.mistake_of_check("memory"))
        else:
            yield self.check("memory", PASS, words.say("engine.pipeline.memory_within", largest=largest, limit=limit))

    def here_largest(self, case: Case):
        """(the most elements one intermediate had, the operation that made it) while the learner's
        entry ran on case."""
        def largest(run):
            with LargestIntermediate() as watch:
                run()
            return watch.largest, watch.op
        return self.measured(case, largest)

    def inputs_unchanged(self):
        with_grad_on = list(self.runner.mutations)
        self.without_grad()
        changed = self.runner.mutations
        if changed:
            mistake = self.mistake_of_check("inputs unchanged")
            when = words.say("engine.pipeline.under_no_grad") if not with_grad_on else ""
            inputs = ", ".join(f"`{c}`" for c in changed)
            yield self.check("inputs unchanged", FAIL, words.say("engine.pipeline.inputs_changed", name=self.name,
                                                                 inputs=inputs, when=when), mistake=mistake)
        else:
            yield self.check("inputs unchanged", PASS)

    def without_grad(self):
        """The examples again under torch.no_grad(), on inputs that do not require grad: code that edits
        its inputs only when autograd is off (a branch on torch.is_grad_enabled(), or an in-place edit
        that raises on a leaf requiring grad) edits them here, and the runner records it."""
        if self.entry.ranks:
            return                  # the ranks run in processes of their own: their grad mode is theirs
        for case in self.entry.examples:
            try:
                self.learner(map_case(case, lambda t: t.detach().clone(), floating_only=False), grad=False)
            except LearnerRaised:
                continue            # what it raises, the value checks report

    def speed(self):
        if not self.entry.speed:
            return
        if not self.values_ok:
            yield self.check("speed", SKIPPED, words.say("engine.pipeline.speed_after_values"))
            return
        check, outputs = self.ask("here_speed")
        check = Check(**check)
        differs = speed.agreed(self, outputs) if check.status == PASS else ""
        yield self.check("speed", FAIL, differs, call=check.call) if differs else check

    def here_speed(self):
        check, outputs = speed.timed(self)
        return asdict(check), outputs

    def here_device(self, case: Case):
        """What the emulated device run finds wrong on case ('' when nothing)."""
        if self.entry.ranks:
            return devices.on_ranks(self, case)         # gloo runs no meta tensors: provenance on each rank
        problem = devices.on_meta(self, case)
        return devices.by_provenance(self, case) if problem is None else problem

    def here_generator(self, case: Case, key: str):
        return sampling.global_draws(self, case, key)

    def no_speed(self):
        if self.entry.speed:
            yield self.check("speed", SKIPPED, "--no-speed")


# ---- small helpers ----------------------------------------------------------------------------

def work_growth(counts, sizes, grows: str, at_most: float) -> tuple[str, bool]:
    """(what the counts say, whether the work grows as allowed): counts are (elements made,
    multiply-adds) at the two sizes; the work may grow like size ** at_most, and fails past half a
    power more."""
    (elements_s, madds_s), (elements_l, madds_l) = counts
    factor = sizes[1] / sizes[0]
    growths = {"engine.pipeline.elements_made": (elements_s, elements_l),
               "engine.pipeline.multiply_adds": (madds_s, madds_l)}
    growths = {what: (s, l) for what, (s, l) in growths.items() if l}
    if not growths:
        return words.say("engine.pipeline.no_work", size=grows, small=sizes[0], large=sizes[1]), True
    growth = max(l / max(s, 1) for s, l in growths.values())
    said = ", ".join(words.say("engine.pipeline.count_grows", what=words.say(what), small=s, large=l)
                     for what, (s, l) in growths.items())
    message = words.say("engine.pipeline.work_grows", growth=growth, size=grows, factor=factor, small=sizes[0],
                        large=sizes[1], counts=said, order=big_o(grows, math.log(growth) / math.log(factor)))
    if growth > factor ** (at_most + 0.5):
        return words.say("engine.pipeline.work_too_fast", growth=message, order=big_o(grows, at_most)), False
    return words.say("engine.pipeline.work_within", growth=message, order=big_o(grows, at_most)), True


def big_o(size: str, power: float) -> str:
    """O(S), O(S²), O(S^1.5): the power rounded to a whole one when it is near."""
    if power < 0.25:
        return "O(1)"
    p = round(power) if abs(power - round(power)) < 0.25 else round(power, 1)
    return f"O({size})" if p == 1 else f"O({size}{'⁰¹²³⁴⁵⁶⁷⁸⁹'[p]})" if isinstance(p, int) and p < 10 \
        else f"O({size}^{p})"


def error_key(exc):
    """What identifies an exception for 'the same error again'."""
    if exc is None:
        return None
    exc = getattr(exc, "exc", exc)
    text = str(exc).strip().splitlines()
    return type(exc).__name__, re.sub(r"\d+", "#", text[0]) if text else ""   # the sizes in it may differ


def has_floats(cases) -> bool:
    return any(t.is_floating_point() for c in cases for t in flat_tensors([c.args, c.kwargs])) or \
        any(c.init is not None for c in cases)


def plain_copy(tree):
    """A copy of an output, so that a second call that changes it in place cannot hide a difference."""
    tree = plain(tree)
    if isinstance(tree, torch.Tensor):
        return tree.detach().clone()
    if isinstance(tree, Trace):
        return Trace((call, plain_copy(o)) for call, o in tree)
    if isinstance(tree, (list, tuple)):
        return type(tree)(plain_copy(x) for x in tree)
    if isinstance(tree, dict):
        return {k: plain_copy(v) for k, v in tree.items()}
    try:
        import copy
        return copy.deepcopy(tree)
    except Exception:
        return tree


def to_dtype(tree, dtype):
    if isinstance(tree, torch.Tensor):
        return tree.to(dtype) if tree.is_floating_point() else tree
    if isinstance(tree, Trace):
        return Trace((call, to_dtype(o, dtype)) for call, o in tree)
    if isinstance(tree, (list, tuple)):
        return type(tree)(to_dtype(x, dtype) for x in tree)
    if isinstance(tree, dict):
        return {k: to_dtype(v, dtype) for k, v in tree.items()}
    return tree


def named_leaves(case, params, impl) -> dict:
    leaves = {}
    named = list(zip(params, case.args)) + list(case.kwargs.items())
    for name, value in named:
        tensors = flat_tensors(value)
        for i, t in enumerate(tensors):
            if t.requires_grad:
                leaves[name if isinstance(value, torch.Tensor) else f"{name}[{i}]"] = t
    if isinstance(impl, torch.nn.Module):
        leaves.update({n: p for n, p in impl.named_parameters() if p.requires_grad})
    return leaves
