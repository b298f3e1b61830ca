"""The one grading pipeline every drill goes through.

grade() yields ("begin", name) before each check and then its Check, so that the process
watching it knows which check was running if the learner's code takes the interpreter down.
"""
from __future__ import annotations

import re
from pathlib import Path

import torch

from grader import devices, loader, speed
from grader.compare import first_difference
from grader.guards import LEARNER_PREFIX, BannedCalls, CallTimeout, LargestIntermediate, LearnerExit, learner_code
from grader.result import ERROR, FAIL, PASS, SKIPPED, TODO, Check
from grader.runner import LearnerRaised, ParameterMismatch, Runner, cast_case, flat_tensors, map_case, with_grad
from grader.search import Mismatch, search
from grader.spec import Case, Fail

VALUE_CHECKS = ["runs", "shape", "dtype", "values"]
HALF_DTYPES = (torch.float16, torch.bfloat16)


class Stop(Exception):
    """Grading cannot go on; carries the check that says why."""

    def __init__(self, check: Check):
        self.check = check


def grade(drill_id: str, path: str, *, seed: int = 0, device: str = "auto", speed_check: bool = True,
          call_limit: float = 10.0, max_examples: int | None = None):
    drill = loader.declaration(drill_id)
    g = Grading(drill_id, drill, Path(path).resolve(), seed, call_limit,
                drill.max_examples if max_examples is None else max_examples)
    steps = [("load", g.load), ("signature", g.signature), ("started", g.started),
             ("values", g.values), ("float16/bfloat16", g.half), ("gradients", g.gradients),
             ("invariants", g.invariants), ("extreme inputs", g.extreme), ("custom", g.custom),
             ("inputs unchanged", g.inputs_unchanged), ("banned calls", g.banned_calls),
             ("device", lambda: g.device(device)), ("memory", g.memory),
             ("speed", g.speed if speed_check else g.no_speed)]
    for label, step in steps:
        yield ("begin", label)
        try:
            for check in step():
                yield g.named(check)
        except Stop as stop:
            yield g.named(stop.check)
            return
        except (CallTimeout, LearnerExit) as e:
            yield Check(label, ERROR, f"{drill.entry}: {e}; grading stopped here")
            return


class Grading:
    def __init__(self, drill_id, drill, path: Path, seed, call_limit, max_examples):
        self.id, self.drill, self.path, self.seed = drill_id, drill, path, seed
        self.call_limit, self.max_examples = call_limit, max_examples
        self.ref = loader.reference(drill_id)
        self.runner: Runner | None = None
        self.banned = BannedCalls(drill.banned)
        self.values_ok = False

    # ---- helpers ------------------------------------------------------------------------------

    def named(self, check: Check) -> Check:
        """Add the classic mistake a failed check is tied to by the declaration."""
        if check.status == FAIL and not check.mistake:
            check.mistake = next((m.name for m in self.drill.mistakes if m.check == check.name), "")
        return check

    def mistake_for(self, m: Mismatch, expected=None) -> str:
        if m.mistake:
            return m.mistake
        if m.error is not None:
            return next((k.name for k in self.drill.mistakes
                         if k.error and re.search(k.error, str(m.error))), "")
        if m.case is None or m.got is None:
            return ""
        for k in self.drill.mistakes:
            if k.like is None:
                continue
            out = self.runner.mistake(k.like, m.case, m.dtype)
            if out is None:
                continue
            graded = self.drill.graded(m.case, expected) if self.drill.graded and expected is not None else None
            same = first_difference(out, m.got, scale=m.case.scale, overrides=self.drill.tol,
                                    graded=graded, equal_nan=True) is None
            if same and (expected is None or first_difference(expected, out, scale=m.case.scale, graded=graded,
                                                              overrides=self.drill.tol) is not None):
                return k.name
        return ""

    def failed(self, name: str, m: Mismatch) -> Check:
        expected = None
        if m.case is not None and m.got is not None:
            try:
                expected = (to_dtype(self.runner.reference(cast_case(m.case, torch.float32)), m.dtype)
                            if m.dtype else self.runner.reference(m.case))
            except Exception:
                expected = None
        label = f" [{m.case.label}]" if m.case is not None and m.case.label else ""
        return Check(name, FAIL, m.message, call=(self.runner.describe(m.case) + label) if m.case else "",
                     mistake=self.mistake_for(m, expected))

    def compare_prop(self, dtype=None, device=None):
        """prop(case): the learner's output on case equals the reference's (computed in float32 on
        the CPU), else Mismatch. With dtype or device, the learner runs in that dtype / on that device."""
        drill = self.drill

        def prop(case):
            run_case = cast_case(case, dtype) if dtype else case
            expected = self.runner.reference(cast_case(run_case, torch.float32) if dtype else case)
            expected = to_dtype(expected, dtype) if dtype else expected
            if device:
                run_case = map_case(run_case, lambda t: t.to(device), floating_only=False)
            try:
                got = self.runner.learner(run_case, dtype=dtype, device=device)
            except LearnerRaised as e:
                raise Mismatch("runs", str(e), run_case, error=e.exc) from None
            if device:
                wrong = [t.device for t in flat_tensors(got) if t.device.type != torch.device(device).type]
                if wrong:
                    raise Mismatch("device", f"the output is on {wrong[0]}, the input on {device}", case)
                got = map_case(Case(args=(got,)), lambda t: t.cpu(), floating_only=False).args[0]
            graded = drill.graded(case, expected) if drill.graded else None
            diff = first_difference(expected, got, scale=case.scale, overrides=drill.tol, graded=graded)
            if diff:
                raise Mismatch(diff[0], diff[1], case if device else run_case, got, dtype=dtype)
        return prop

    def search(self, prop, max_examples=None, examples=None):
        n = self.max_examples if max_examples is None else max_examples
        return search(prop, self.drill.inputs, self.drill.examples if examples is None else examples,
                      seed=self.seed, max_examples=n)

    # ---- the checks ---------------------------------------------------------------------------

    def load(self):
        try:
            with learner_code(self.call_limit), self.banned:
                self.module = loader.load_file(self.path, f"{LEARNER_PREFIX}{self.id}")
        except SyntaxError as e:
            raise Stop(Check("load", FAIL, f"syntax error on line {e.lineno}: {e.msg}",
                             call=(e.text or "").strip()))
        except Exception as e:
            raise Stop(Check("load", FAIL, str(LearnerRaised(e, str(self.path))).replace(
                "raised", "importing your file raised", 1)))
        yield Check("load", PASS, str(self.path))

    def signature(self):
        problems = loader.signature_problems(self.ref, self.module)
        if problems:
            raise Stop(Check("signature", FAIL, "; ".join(problems)))
        self.runner = Runner(self.drill, self.ref, self.module, str(self.path), self.call_limit, self.banned)
        yield Check("signature", PASS)

    def started(self):
        case = self.drill.examples[0]
        try:
            self.runner.learner(case)
        except LearnerRaised as e:
            if isinstance(e.exc, NotImplementedError):
                raise Stop(Check("started", TODO, f"not started: `{self.drill.entry}` still raises "
                                                  f"NotImplementedError; fill in the TODO"))
            if isinstance(e.exc, ParameterMismatch):
                raise Stop(Check("parameters", FAIL, str(e), call=self.runner.describe(case)))
            # any other error is reported, with its input, by the value checks
        yield Check("started", PASS)

    def values(self):
        m = self.search(self.compare_prop())
        failed_at = VALUE_CHECKS.index(m.kind) if m else len(VALUE_CHECKS)
        for i, name in enumerate(VALUE_CHECKS):
            if i < failed_at:
                yield Check(name, PASS)
            elif i == failed_at:
                yield self.failed(name, m)
            else:
                yield Check(name, SKIPPED, f"after the {m.kind} failure")
        self.values_ok = m is None

    def half(self):
        if not self.drill.half:
            return
        for dtype in HALF_DTYPES:
            m = self.search(self.compare_prop(dtype), max_examples=max(5, self.max_examples // 4))
            name = str(dtype).removeprefix("torch.")
            yield self.failed(name, m) if m else Check(name, PASS)

    def gradients(self):
        if not self.drill.grad:
            return
        m = self.search(self.gradient_prop, max_examples=max(5, self.max_examples // 3))
        yield self.failed("gradients", m) if m else Check("gradients", PASS)

    def gradient_prop(self, case):
        expected_case, learner_case = with_grad(case), with_grad(case)
        out_r, impl_r = self.runner.reference(expected_case), self.runner.last_impl
        try:
            out_l = self.runner.learner(learner_case)
        except LearnerRaised as e:
            raise Mismatch("gradients", str(e), case, error=e.exc) from None
        impl_l = self.runner.last_impl
        flat_r, flat_l = flat_tensors(out_r), flat_tensors(out_l)
        differentiable = [i for i, t in enumerate(flat_r) if t.requires_grad]
        if not differentiable:
            return
        outs_r = [flat_r[i] for i in differentiable]
        outs_l = [flat_l[i] for i in differentiable if i < len(flat_l)]
        if len(outs_l) != len(outs_r) or not all(t.requires_grad for t in outs_l):
            raise Mismatch("gradients", "the output is not connected to the inputs' autograd graph "
                                        "(detached, .data, .item(), or built under torch.no_grad?)", case)
        gen = torch.Generator().manual_seed(case.seed + 1)
        ups = [torch.randn(t.shape, generator=gen).to(t.dtype) for t in outs_r]
        if self.drill.graded:
            mask = self.drill.graded(case, out_r)
            ups = [u * mask if isinstance(mask, torch.Tensor) else u for u in ups]
        leaves_r = named_leaves(expected_case, self.runner.params, impl_r)
        leaves_l = named_leaves(learner_case, self.runner.params, impl_l)
        grads_r = torch.autograd.grad(outs_r, list(leaves_r.values()), ups, allow_unused=True)
        try:
            with learner_code(self.call_limit):
                grads_l = torch.autograd.grad(outs_l, [leaves_l.get(k) for k in leaves_r], ups,
                                              allow_unused=True)
        except Exception as e:
            raise Mismatch("gradients", f"backward raised {type(e).__name__}: {e}", case) from None
        rtol, atol = self.drill.tol.get("grad", (1e-3, 1e-4))
        for name, gr, gl in zip(leaves_r, grads_r, grads_l):
            if gr is None or not gr.abs().sum():
                continue
            if gl is None:
                raise Mismatch("gradients", f"no gradient reached `{name}` (is it detached, "
                                            f"or overwritten in place?)", case)
            diff = first_difference(gr, gl, scale=case.scale, overrides={"float32": (rtol, atol)},
                                    path=f"d(output)/d({name})")
            if diff:
                raise Mismatch("gradients", diff[1], case)

    def invariants(self):
        for inv in self.drill.invariants:
            def prop(case, inv=inv):
                try:
                    inv.fn(self.runner.learner, case)
                except Fail as f:
                    raise Mismatch(inv.name, str(f), case, mistake=f.mistake) from None
                except LearnerRaised as e:
                    raise Mismatch(inv.name, str(e), case, error=e.exc) from None
                except Exception as e:   # the output is not even of the kind the invariant reads
                    raise Mismatch(inv.name, f"the output could not be checked: {type(e).__name__}: {e}",
                                   case) from None
            m = self.search(prop, max_examples=max(5, self.max_examples // 4))
            yield self.failed(inv.name, m) if m else Check(inv.name, PASS)

    def extreme(self):
        if not self.drill.extreme:
            return
        m = self.search(self.compare_prop(), max_examples=0, examples=self.drill.extreme)
        yield self.failed("extreme inputs", m) if m else Check("extreme inputs", PASS)

    def custom(self):
        for c in self.drill.custom:
            try:
                with learner_code(self.call_limit), self.runner.banned:
                    c.fn(self.module)
            except Fail as f:
                yield Check(c.name, FAIL, str(f), mistake=f.mistake)
            except Exception as e:
                yield Check(c.name, FAIL, str(LearnerRaised(e, str(self.path))))
            else:
                yield Check(c.name, PASS)

    def inputs_unchanged(self):
        changed = self.runner.mutations
        if changed:
            yield Check("inputs unchanged", FAIL, f"`{self.drill.entry}` modified its input "
                        f"{', '.join(f'`{c}`' for c in changed)} in place; inputs must be left as they were")
        else:
            yield Check("inputs unchanged", PASS)

    def banned_calls(self):
        seen = self.runner.banned.seen
        imports = [s.removeprefix("import ") for s in seen if s.startswith("import ")]
        calls = [s for s in seen if not s.startswith("import ")]
        if seen:
            said = ([f"called {', '.join(calls)}: this drill is about writing that by hand"] if calls else []) + \
                   ([f"imported {', '.join(imports)}: this drill is written without it"] if imports else [])
            yield Check("banned calls", FAIL, "; ".join(said))
        elif self.drill.banned:
            yield Check("banned calls", PASS)

    def device(self, which: str):
        if not self.drill.device:
            return
        yield from devices.checks(self, which)

    def memory(self):
        if not self.drill.max_intermediate:
            return
        case = self.drill.memory_case()
        limit = self.drill.max_intermediate(case)
        watch = LargestIntermediate()
        try:
            with learner_code(self.call_limit), watch:
                self.drill.run(self.runner.build(self.module, case), case)
        except Exception as e:
            yield Check("memory", FAIL, str(LearnerRaised(e, str(self.path))), call=self.runner.describe(case))
            return
        if watch.largest > limit:
            yield Check("memory", FAIL, f"an intermediate of {watch.largest:,} elements (from {watch.op}); "
                        f"at most {limit:,} are allowed", call=self.runner.describe(case))
        else:
            yield Check("memory", PASS, f"largest intermediate {watch.largest:,} elements (limit {limit:,})")

    def speed(self):
        if not self.drill.speed:
            return
        if not self.values_ok:
            yield Check("speed", SKIPPED, "measured once the values are right")
            return
        yield speed.check(self)

    def no_speed(self):
        if self.drill.speed:
            yield Check("speed", SKIPPED, "--no-speed")


def to_dtype(tree, dtype):
    if isinstance(tree, torch.Tensor):
        return tree.to(dtype) if tree.is_floating_point() else tree
    if isinstance(tree, (list, tuple)):
        return type(tree)(to_dtype(x, dtype) for x in tree)
    return tree


def named_leaves(case, params, impl) -> dict:
    leaves = {}
    for name, value in list(zip(params, case.args)) + list(case.kwargs.items()):
        for i, t in enumerate(flat_tensors(value)):
            if t.requires_grad:
                leaves[name if not isinstance(value, (list, tuple)) else f"{name}[{i}]"] = t
    if isinstance(impl, torch.nn.Module):
        leaves.update({n: p for n, p in impl.named_parameters() if p.requires_grad})
    return leaves
