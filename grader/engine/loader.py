"""Loading the learner's file, the reference and the declaration of one drill, and checking that
the learner's entries can be called the way the grader calls them."""
from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import sys
import types
from pathlib import Path

import torch

from grader import words


def load_file(path: Path, name: str) -> types.ModuleType:
    """Execute a Python file as a fresh module (never cached: each check sees the saved file)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@functools.cache
def reference(drill_id: str) -> types.ModuleType:
    return importlib.import_module(f"reference.{drill_id}")


@functools.cache
def declaration(drill_id: str):
    return importlib.import_module(f"grader.specs.{drill_id}").DRILL


def public_api(module) -> dict:
    """The functions and classes a drill's file defines (not what it imports)."""
    name = getattr(module, "__name__", None)
    return {k: obj for k, obj in vars(module).items()
            if not k.startswith("_") and (inspect.isfunction(obj) or inspect.isclass(obj))
            and getattr(obj, "__module__", None) == name}


def kind(obj) -> str:
    return words.say("engine.loader.a_class" if inspect.isclass(obj) else "engine.loader.a_function")


def show(sig: inspect.Signature) -> str:
    params = [p for p in sig.parameters.values() if p.name != "self"]
    return "(" + ", ".join(str(p.replace(annotation=inspect.Parameter.empty)) for p in params) + ")"


class Forms:
    """How the grader calls each callable of a drill: for each, the set of (number of arguments
    passed by position, names passed by keyword). Recorded while the reference runs."""

    def __init__(self):
        self.seen: dict[str, set] = {}

    def add(self, label: str, args, kwargs) -> None:
        self.seen.setdefault(label, set()).add((len(args), tuple(sorted(kwargs))))

    def recorder(self, label: str, fn):
        def recorded(*args, **kwargs):
            self.add(label, args, kwargs)
            return fn(*args, **kwargs)
        return recorded

    def watch_module(self, label: str, module: torch.nn.Module):
        """Record the forward calls of a module (its pre-hook sees positional and keyword arguments)."""
        def hook(mod, args, kwargs):
            self.add(label, args, kwargs)
        return module.register_forward_pre_hook(hook, with_kwargs=True)


def callable_problems(label: str, want, have, forms: set) -> list[str]:
    """Why `have` (the learner's) cannot be called in each of `forms` as `want` (the reference's) is."""
    try:
        sig = inspect.signature(have)
    except (TypeError, ValueError):
        return []
    problems = []
    for n_pos, names in sorted(forms):
        try:
            sig.bind(*range(n_pos), **{k: None for k in names})
        except TypeError as e:
            by_position = words.say("engine.loader.by_position" if n_pos == 1 else "engine.loader.by_position_many",
                                    n=n_pos)
            how = ", ".join([by_position] * bool(n_pos) + [f"{k}=..." for k in names])
            problems.append(words.say("engine.loader.not_callable", have=f"{label}{show(sig)}", how=how, error=e,
                                      want=f"{label}{show(inspect.signature(want))}"))
            break
    return problems


def unbound(cls, name):
    """cls.name with self bound to a dummy, so that its signature lists the caller's parameters."""
    f = getattr(cls, name, None)
    if f is None:
        return None
    if inspect.isfunction(f):
        return types.MethodType(f, object())
    return f


def signature_problems(reference, learner, entry_names: list[str], forms: Forms) -> dict[str, list[str]]:
    """For each entry, what keeps the learner's file from being called as the grader calls it."""
    found: dict[str, list[str]] = {}
    for entry in entry_names:
        root, _, method = entry.partition(".")
        want, have = getattr(reference, root), getattr(learner, root, None)
        problems = found.setdefault(entry, [])
        if have is None:
            problems.append(words.say("engine.loader.missing", name=root, kind=kind(want),
                                      want=f"{root}{show(inspect.signature(want))}"))
            continue
        if inspect.isclass(want) != inspect.isclass(have):
            problems.append(words.say("engine.loader.wrong_kind", name=root, kind=kind(want),
                                      want=f"{root}{show(inspect.signature(want))}"))
            continue
        if not inspect.isclass(want):
            problems += callable_problems(root, want, have, forms.seen.get(root, set()))
            continue
        problems += callable_problems(root, want, have, forms.seen.get(f"{root}()", set()))
        methods = [method] if method else (["forward"] if issubclass(want, torch.nn.Module) else ["__call__"])
        for m in methods:
            label = f"{root}.{m}"
            if getattr(have, m, None) is None or (m == "forward" and have.forward is torch.nn.Module.forward):
                problems.append(words.say("engine.loader.missing_method", name=label,
                                          want=f"{m}{show(inspect.signature(unbound(want, m)))}"))
                continue
            problems += callable_problems(label, unbound(want, m), unbound(have, m), forms.seen.get(label, set()))
    return found
