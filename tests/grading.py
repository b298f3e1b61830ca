"""Grading for the tests: a file in a learner's process, as the grader does; a declared mistake (the
declaration's own code) in the test's process. The sandbox has tests of its own.

A wrong solution in tests/solutions/<id>/wrong_*.py carries its whole expected verdict: every
failing check, each with the classic mistake it must be named as ('' when none is named):

    EXPECT = {"values": "softmax without subtracting the max (exp overflows)", "gradients": ""}

A classic mistake declared with `like` is written once, in its declaration; the tests graft it onto
the reference and grade that as a learner's file, and its whole verdict is kept beside the drill's
wrong solutions in tests/solutions/<id>/mistakes.json ({"entry / mistake": {check: mistake}}).
A wrong file is only for what cannot be such a mistake: whole-file faults, mistakes in several
functions at once, mistakes declared without `like`.

A correct solution (right_*.py) carries none: it must pass."""
from __future__ import annotations

import ast
import functools
import json
import types
from pathlib import Path

from grader.engine.pipeline import grade
from grader.engine import loader
from grader.engine.result import ERROR, FAIL, TODO, Check, Verdict
from grader.engine.runner import Overlay

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "tests" / "solutions"
WRONG_EXAMPLES = 12     # drawn examples for a wrong solution: its mistake must show within them
MISTAKE_EXAMPLES = 10   # for a declared mistake graded as a file: its explicit examples come first
RIGHT_EXAMPLES = 20     # drawn examples for a correct solution, graded at one seed (SEEDS, by its name)
SEEDS = (1234, 77, 2026)
# Tests never judge time: limits far above what any file here needs, even on a loaded machine (the
# sandbox's own tests check the limits themselves).
CALL_LIMIT_S, CHECK_BUDGET_S = 300.0, 3000.0


def grade_here(drill_id: str, path=None, *, module=None, seed: int = 1234, speed: bool = False,
               max_examples: int | None = None, entries=None, apart: bool = True) -> Verdict:
    """Grade `path` (or a module) as `drill_id`, speed off (tests never judge time); the learner's code
    in a process of its own unless apart=False (code of the project's own, trusted)."""
    verdict = Verdict(drill=drill_id, file=str(path or "<module>"), seed=seed)
    for event in grade(drill_id, str(path) if path else None, module=module, seed=seed, speed_check=speed,
                       max_examples=max_examples, call_limit=CALL_LIMIT_S, check_budget=CHECK_BUDGET_S,
                       shrink_seconds=None, entries=entries, apart=apart):
        if isinstance(event, Check):
            verdict.checks.append(event)
    return verdict


def solutions(prefix: str) -> list[Path]:
    return sorted(SOLUTIONS.glob(f"*/{prefix}_*.py"))


def expectation(path: Path) -> dict:
    """The EXPECT literal of a wrong solution: {failing check: named mistake}."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "EXPECT" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{path} has no EXPECT")


def verdict_of(verdict: Verdict) -> dict:
    """{failing check: named mistake} — what EXPECT is compared with, in full."""
    return {c.name: c.mistake for c in verdict.checks if c.status in (FAIL, ERROR, TODO)}


def show(verdict: Verdict) -> str:
    return "\n".join(f"  {c.name}: {c.status} {c.message} | {c.call} | {c.mistake}" for c in verdict.checks)


def declared_mistakes(drill_id: str) -> list[tuple[str, object]]:
    """The mistakes of a drill that are written as code: (key, entry, mistake), the key "entry / name"
    ("entry / name #2" for a second way of writing the same mistake)."""
    drill = loader.declaration(drill_id)
    found, seen = [], {}
    for entry in drill.entries:
        for k in entry.mistakes:
            if k.like is None:
                continue
            key = f"{entry.name} / {k.name}"
            seen[key] = seen.get(key, 0) + 1            # two ways of one mistake: a key each
            found.append((key if seen[key] == 1 else f"{key} #{seen[key]}", entry, k))
    return found


def grade_mistake(drill_id: str, entry, mistake) -> Verdict:
    """A declared mistake grafted onto the reference, graded as a learner's file. The code is the
    declaration's own, so it runs in this process, as the warm grader's warm-up runs a reference (the
    inputs drawn depend on the seed alone, not on what this process graded before). Only the entries
    the mistake can reach are graded: every other one is the reference's own code, which passes."""
    name = entry.name.split(".")[0]
    module = Overlay(loader.reference(drill_id), **{name: mistake.like})
    return grade_here(drill_id, module=module, max_examples=MISTAKE_EXAMPLES, entries=reached(drill_id, name),
                      apart=False)


def reached(drill_id: str, name: str) -> list[str]:
    """The entries of a drill that a replaced `name` of the learner's file can change: those it
    defines (`name`, `name.method`), and those whose run() can look it up in the learner's namespace
    (the name appears in run's code or in the code of the declaration's functions run calls)."""
    drill = loader.declaration(drill_id)
    return [e.name for e in drill.entries
            if e.name.split(".")[0] == name or (e.run is not None and name in names_in(e.run))]


def names_in(fn, seen=None) -> set:
    """Every identifier and string constant in fn's code, its nested code, and the code of the
    functions it names (of its module, or held in its closure or a partial), transitively. A
    callable that is no plain function (a callable object run calls or holds) gives ANY, which
    holds every name: nothing is taken for unreached."""
    seen = set() if seen is None else seen
    if isinstance(fn, functools.partial):
        given = (*fn.args, *fn.keywords.values())
        found = set(strings_in(given))
        for part in [fn.func, *(a for a in given if callable(a))]:
            more = names_in(part, seen)
            if more is ANY:
                return ANY
            found |= more
        return found
    if isinstance(fn, types.MethodType):
        fn = fn.__func__
    if not isinstance(fn, types.FunctionType):
        return ANY
    if fn in seen:
        return set()
    seen.add(fn)
    found, codes = set(), [fn.__code__]
    while codes:
        code = codes.pop()
        found |= set(code.co_names) | set(code.co_varnames) | set(code.co_freevars)
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                codes.append(c)
            elif isinstance(c, str):
                found.add(c)
    held = []
    for cell in fn.__closure__ or ():
        try:
            held.append(cell.cell_contents)
        except ValueError:
            pass
    if any(callable(v) and not isinstance(v, (types.FunctionType, functools.partial, type)) for v in held):
        return ANY                              # a callable object in the closure: its code is not read here
    found |= set(strings_in(held))
    held += [fn.__globals__[n] for n in found if n in fn.__globals__]
    for value in held:
        if isinstance(value, (types.FunctionType, functools.partial)):
            more = names_in(value, seen)
            if more is ANY:
                return ANY
            found = found | more
    return found


def strings_in(values):
    for v in values:
        if isinstance(v, str):
            yield v
        elif isinstance(v, (tuple, list, set, frozenset)):
            yield from strings_in(v)
        elif isinstance(v, dict):
            yield from strings_in(v.keys())
            yield from strings_in(v.values())


class _Any(frozenset):
    def __contains__(self, name):
        return True


ANY = _Any()


def mistakes_file(drill_id: str) -> Path:
    return SOLUTIONS / drill_id / "mistakes.json"


def kept_mistake_verdicts(drill_id: str) -> dict:
    path = mistakes_file(drill_id)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def keep_mistake_verdicts(drill_id: str, verdicts: dict) -> None:
    path = mistakes_file(drill_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(verdicts, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
