"""Loading the learner's file, the reference and the declaration of one drill."""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
import types
from pathlib import Path


def load_file(path: Path, name: str) -> types.ModuleType:
    """Execute a Python file as a fresh module (never cached: each check sees the saved file)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def reference(drill_id: str) -> types.ModuleType:
    return importlib.import_module(f"reference.{drill_id}")


def declaration(drill_id: str):
    return importlib.import_module(f"grader.specs.{drill_id}").DRILL


def public_api(module: types.ModuleType) -> dict:
    """The functions and classes a drill's reference defines: the learner must define the same."""
    return {name: obj for name, obj in vars(module).items()
            if not name.startswith("_") and (inspect.isfunction(obj) or inspect.isclass(obj))
            and getattr(obj, "__module__", None) == module.__name__}


def signature_of(obj) -> inspect.Signature:
    if inspect.isclass(obj):
        return inspect.signature(obj.__init__)
    return inspect.signature(obj)


def signature_problems(ref_mod, learner_mod) -> list[str]:
    problems = []
    for name, ref_obj in public_api(ref_mod).items():
        got = getattr(learner_mod, name, None)
        if got is None:
            problems.append(f"`{name}` is missing: the drill asks for {kind(ref_obj)} `{name}{signature_of(ref_obj)}`")
            continue
        if inspect.isclass(ref_obj) != inspect.isclass(got):
            problems.append(f"`{name}` should be {kind(ref_obj)}")
            continue
        pairs = [(name, signature_of(ref_obj), signature_of(got))]
        if inspect.isclass(ref_obj):
            for m, f in vars(ref_obj).items():
                if m.startswith("_") or not inspect.isfunction(f):
                    continue
                if not hasattr(got, m):
                    problems.append(f"`{name}.{m}` is missing: the drill asks for `{m}{inspect.signature(f)}`")
                else:
                    pairs.append((f"{name}.{m}", inspect.signature(f), inspect.signature(getattr(got, m))))
        for label, want, have in pairs:
            if _params(want) != _params(have):
                problems.append(f"`{label}` takes {_show(have)}; the drill asks for {_show(want)}")
    return problems


def kind(obj) -> str:
    return "a class" if inspect.isclass(obj) else "a function"


def _params(sig: inspect.Signature):
    return [(p.name, p.kind, p.default) for p in sig.parameters.values() if p.name != "self"]


def _show(sig: inspect.Signature) -> str:
    params = [p for p in sig.parameters.values() if p.name != "self"]
    return "(" + ", ".join(str(p.replace(annotation=inspect.Parameter.empty)) for p in params) + ")"
