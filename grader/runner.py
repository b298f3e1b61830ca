"""Running one case through the reference, the learner's code or a mistake's implementation."""
from __future__ import annotations

import inspect
import traceback

import numpy as np
import torch

from grader.compare import describe_call
from grader.guards import BannedCalls, Snapshot, learner_code, tensors_in
from grader.spec import Case, Drill


class ParameterMismatch(Exception):
    """The learner's module has other parameter names or shapes than the drill fixes."""


class LearnerRaised(Exception):
    """The learner's code raised: carries a short, learner-facing description."""

    def __init__(self, exc: BaseException, filename: str):
        self.exc = exc
        if isinstance(exc, ParameterMismatch):
            super().__init__(str(exc))
            return
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
        where = f" (line {frames[-1].lineno}: `{frames[-1].line}`)" if frames else ""
        super().__init__(f"raised {type(exc).__name__}: {exc}{where}")


def perturbed_state(module: torch.nn.Module, seed: int) -> dict:
    """The module's parameters, 1-D ones (norm weights, biases) moved off their 0/1 defaults so
    that forgetting to apply them shows."""
    g = torch.Generator().manual_seed(seed)
    state = {k: v.detach().clone() for k, v in module.state_dict().items()}
    names = {n for n, _ in module.named_parameters()}
    for k, v in state.items():
        if k in names and v.dim() == 1 and v.is_floating_point():
            v.add_(0.5 * torch.randn(v.shape, generator=g))
    return state


class Runner:
    def __init__(self, drill: Drill, reference, learner, learner_file: str, call_limit: float,
                 banned: BannedCalls):
        self.drill, self.ref_mod, self.mod = drill, reference, learner
        self.file, self.call_limit, self.banned = learner_file, call_limit, banned
        self.mutations: list[str] = []
        entry = getattr(reference, drill.entry)
        self.is_module = inspect.isclass(entry)
        target = entry.forward if self.is_module else entry
        self.params = [p for p in inspect.signature(target).parameters if p != "self"]

    def describe(self, case: Case) -> str:
        name = self.drill.entry
        if self.is_module:
            init = ", ".join(map(repr, case.init or ()))
            name = f"{name}({init}).forward"
        return describe_call(name, case.args, case.kwargs, self.params)

    def build(self, source, case: Case, dtype=None, device=None):
        """The entry from `source` (a module, or a class/function making a mistake), ready to call."""
        entry = getattr(source, self.drill.entry) if inspect.ismodule(source) else source
        if not self.is_module:
            return entry
        torch.manual_seed(case.seed)
        ref = getattr(self.ref_mod, self.drill.entry)(*case.init)
        state = perturbed_state(ref, case.seed)
        impl = entry(*case.init)
        try:
            impl.load_state_dict(state, strict=True)
        except RuntimeError as e:
            raise ParameterMismatch(self.parameter_message(impl, state)) from e
        impl.eval()
        return impl.to(device=device, dtype=dtype) if (dtype or device) else impl

    @staticmethod
    def parameter_message(impl, state) -> str:
        want = [f"{k} {tuple(v.shape)}" for k, v in state.items()]
        have = [f"{k} {tuple(v.shape)}" for k, v in impl.state_dict().items()]
        return (f"the module's parameters and buffers should be [{', '.join(want)}], "
                f"got [{', '.join(have)}]")

    def reference(self, case: Case, dtype=None, device=None):
        self.last_impl = self.build(self.ref_mod, case, dtype, device)
        return self.drill.run(self.last_impl, case)

    def learner(self, case: Case, dtype=None, device=None):
        """Run the learner's code on a copy of `case`, watching for banned calls and in-place edits."""
        case = copy_case(case)
        snapshot = Snapshot(dict(zip(self.params, case.args)) | case.kwargs)
        try:
            with learner_code(self.call_limit):
                impl = self.last_impl = self.build(self.mod, case, dtype, device)
                with self.banned:
                    out = self.drill.run(impl, case)
        except Exception as e:
            raise LearnerRaised(e, self.file) from e
        for name in snapshot.changed():
            if name not in self.mutations:
                self.mutations.append(name)
        return out

    def mistake(self, like, case: Case, dtype=None):
        try:
            return self.drill.run(self.build(like, case, dtype), case)
        except Exception:
            return None


def map_case(case: Case, fn, floating_only: bool = True) -> Case:
    """The case with fn applied to each of its (floating-point) tensors."""
    def apply(v):
        if isinstance(v, torch.Tensor) and (v.is_floating_point() or not floating_only):
            return fn(v)
        if isinstance(v, (list, tuple)):
            return type(v)(apply(x) for x in v)
        return v
    return Case(args=apply(case.args), kwargs={k: apply(v) for k, v in case.kwargs.items()},
                init=case.init, label=case.label, scale=case.scale, seed=case.seed)


def copy_case(case: Case) -> Case:
    """A copy the learner's code may spoil: tensors (but fresh autograd leaves) and arrays cloned."""
    def copy(v):
        if isinstance(v, torch.Tensor):
            return v if v.requires_grad else v.clone()
        if isinstance(v, np.ndarray):
            return v.copy()
        if isinstance(v, (list, tuple)):
            return type(v)(copy(x) for x in v)
        if isinstance(v, dict):
            return {k: copy(x) for k, x in v.items()}
        return v
    return Case(args=copy(case.args), kwargs=copy(case.kwargs), init=case.init, label=case.label,
                scale=case.scale, seed=case.seed)


def cast_case(case: Case, dtype) -> Case:
    return map_case(case, lambda t: t.to(dtype))


def with_grad(case: Case) -> Case:
    """A copy of case whose floating-point tensors are fresh leaves that require grad."""
    return map_case(case, lambda t: t.detach().clone().requires_grad_(True))




def flat_tensors(tree) -> list[torch.Tensor]:
    return [t for _, t in tensors_in(tree)]
