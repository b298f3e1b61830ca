"""Every drill, both ways: its stub is not started, its reference passes (at one of three seeds),
known-wrong solutions keep their whole verdict (every failing check and the mistake named), every
declared mistake graded as a learner's file keeps its whole verdict, and correct solutions written
differently pass (each at one of three seeds)."""
import functools
import inspect
import re
import zlib

import pytest

from grader.engine import loader
from grader.learner import registry
from grader.engine.result import FAIL, PASS, TODO
from tests.grading import (ANY, RIGHT_EXAMPLES, ROOT, SEEDS, WRONG_EXAMPLES, declared_mistakes, expectation,
                           grade_here, grade_mistake, kept_mistake_verdicts, names_in, reached, show, solutions,
                           verdict_of)

DRILLS = list(registry.drills())


def ids(folder: str, suffix: str = ".py") -> set[str]:
    return {p.name.removesuffix(suffix) for p in (ROOT / folder).glob(f"*{suffix}") if not p.name.startswith("_")}


def test_stubs_references_and_declarations_hold_the_same_drills():
    stubs, references, declarations = ids("drills"), ids("reference"), ids("grader/specs")
    assert stubs == references == declarations, (stubs ^ references, references ^ declarations)
    assert set(DRILLS) == declarations
    assert {p.name for p in (ROOT / "tests" / "solutions").iterdir()} == declarations


@pytest.mark.parametrize("drill_id", DRILLS)
def test_stub_reports_not_started(drill_id):
    verdict = grade_here(drill_id, registry.get(drill_id).stub)
    assert verdict.status == TODO, show(verdict)
    started = [c for c in verdict.checks if c.name.endswith("started")]
    assert started and all(c.status == TODO for c in started), show(verdict)


@pytest.mark.parametrize("drill_id", DRILLS)
def test_reference_passes_its_grader(drill_id):
    seed = SEEDS[zlib.crc32(drill_id.encode()) % len(SEEDS)]      # one seed each, not the same one for all
    verdict = grade_here(drill_id, registry.get(drill_id).reference, seed=seed)
    assert verdict.status == PASS, show(verdict)
    names = {c.name.rsplit(": ", 1)[-1] for c in verdict.checks}
    assert {"values", "inputs unchanged"} <= names or "frequencies" in names


@pytest.mark.parametrize("drill_id", DRILLS)
def test_stub_and_reference_share_their_interface(drill_id):
    stub = loader.load_file(registry.get(drill_id).stub, f"stub_{drill_id}")
    reference = loader.reference(drill_id)
    assert loader.public_api(stub).keys() == loader.public_api(reference).keys()
    for name, obj in loader.public_api(reference).items():
        assert parameters(getattr(stub, name)) == parameters(obj), name
        if inspect.isclass(obj):
            methods = [m for m, f in vars(obj).items() if inspect.isfunction(f) and not m.startswith("_")]
            for m in methods:
                assert parameters(getattr(getattr(stub, name), m)) == parameters(getattr(obj, m)), f"{name}.{m}"


def parameters(f) -> list:
    return [(p.name, p.kind, p.default) for p in inspect.signature(f).parameters.values()]


@pytest.mark.parametrize("drill_id", DRILLS)
def test_drill_is_complete(drill_id):
    info = registry.get(drill_id)
    assert info.title and info.zh and info.minutes > 0
    assert info.topic in registry.TOPICS and info.difficulty in registry.DIFFICULTY
    assert len(info.hints) >= 2
    prompt = info.prompt()
    assert "Example" in prompt and len(prompt) > 200
    assert "raise NotImplementedError" in info.stub.read_text()
    spec = (ROOT / "grader" / "specs" / f"{drill_id}.py").read_text()
    assert spec.startswith('"""'), "a declaration opens with a docstring saying what is particular to its drill"
    assert "grader.specs" not in spec, "a declaration never imports another declaration"
    assert not re.search(r"^\s*(from|import) reference\b", spec, re.M), \
        "a declaration never imports a reference: a mistake is written whole, ground truth computed plainly"
    wrong = [p for p in solutions("wrong") if p.parent.name == drill_id]
    right = [p for p in solutions("right") if p.parent.name == drill_id]
    assert len(wrong) + len(declared_mistakes(drill_id)) >= 3 and len(right) >= 2, (wrong, right)


@pytest.mark.parametrize("path", solutions("wrong"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_wrong_solution_keeps_its_whole_verdict(path):
    expect = expectation(path)
    verdict = grade_here(path.parent.name, path, max_examples=WRONG_EXAMPLES)
    assert verdict.status == FAIL, show(verdict)
    assert verdict_of(verdict) == expect, show(verdict)


def all_declared_mistakes():
    for drill_id in DRILLS:
        try:
            found = declared_mistakes(drill_id)
        except Exception as e:                       # reported by the test, not at collection
            yield pytest.param(drill_id, "", None, e, id=f"{drill_id}/declaration")
            continue
        for key, entry, k in found:
            yield pytest.param(drill_id, key, entry, k, id=f"{drill_id}/{key[:60]}")


@pytest.mark.parametrize("drill_id, key, entry, mistake", list(all_declared_mistakes()))
def test_each_declared_mistake_graded_as_a_learner_file_keeps_its_whole_verdict(drill_id, key, entry, mistake):
    if isinstance(mistake, Exception):
        raise mistake
    verdict = grade_mistake(drill_id, entry, mistake)
    assert verdict.status == FAIL, show(verdict)
    named = {c.mistake for c in verdict.checks if c.status == FAIL}
    assert mistake.name in named, show(verdict)
    kept = kept_mistake_verdicts(drill_id)
    assert key in kept, f"no verdict kept for {key!r}: python -m tests.golden {drill_id} --write"
    assert verdict_of(verdict) == kept[key], show(verdict)


@pytest.mark.parametrize("drill_id", DRILLS)
def test_every_kept_mistake_verdict_belongs_to_a_declared_mistake(drill_id):
    declared = {key for key, _, _ in declared_mistakes(drill_id)}
    assert set(kept_mistake_verdicts(drill_id)) <= declared, set(kept_mistake_verdicts(drill_id)) - declared


@pytest.mark.parametrize("drill_id", DRILLS)
def test_no_mistake_is_written_both_as_a_declaration_and_as_a_wrong_file(drill_id):
    """A wrong file that names one mistake only, one that is declared with `like`, writes that
    mistake a second time: the declaration's is graded as a learner's file already."""
    drill = loader.declaration(drill_id)
    shown_by_files = {k.name for e in drill.entries for k in e.mistakes + drill.mistakes if k.like is None}
    declared = {k.name for _, _, k in declared_mistakes(drill_id)} - shown_by_files
    for path in (ROOT / "tests" / "solutions" / drill_id).glob("wrong_*.py"):
        named = {m for m in expectation(path).values() if m}
        assert not (len(named) == 1 and named <= declared), f"{path.name} writes {named} again"


@pytest.mark.parametrize("drill_id", DRILLS)
def test_every_mistake_without_an_implementation_is_shown_by_a_wrong_solution(drill_id):
    drill = loader.declaration(drill_id)
    named = {m for p in solutions("wrong") if p.parent.name == drill_id for m in expectation(p).values()}
    for entry in drill.entries:
        for k in entry.mistakes + drill.mistakes:
            if k.like is None:
                assert k.name in named, f"no wrong solution of {drill_id} is named {k.name!r}"


@pytest.mark.parametrize("path", solutions("right"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_correct_solution_written_differently_passes(path):
    seed = SEEDS[zlib.crc32(path.stem.encode()) % len(SEEDS)]     # one seed each, not the same one for all
    verdict = grade_here(path.parent.name, path, seed=seed, max_examples=RIGHT_EXAMPLES)
    assert verdict.status == PASS, show(verdict)


def sampled_with_speed():
    for path in solutions("right"):
        drill = loader.declaration(path.parent.name)
        if any(e.sampled and e.speed for e in drill.entries):
            yield path


@pytest.mark.parametrize("path", list(sampled_with_speed()), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_speed_check_of_a_random_output_compares_no_draws(path, monkeypatch):
    """A right sampler draws otherwise than the reference (an inverse CDF, Box-Muller): while timed, its
    output is held to the reference's shape and dtype only. No limit on the time: no timing is judged."""
    for entry in loader.declaration(path.parent.name).entries:
        if entry.speed:
            monkeypatch.setattr(entry.speed, "limit", float("inf"))
    verdict = grade_here(path.parent.name, path, speed=True, max_examples=3)
    speed = [c for c in verdict.checks if c.name.endswith("speed")]
    assert speed and all(c.status == PASS for c in speed), show(verdict)


def test_a_declared_mistake_is_graded_on_every_entry_that_can_reach_it():
    """Only the entries a grafted mistake can change are graded: its own, and those whose run() can
    look its name up in the learner's file, directly, through a function it calls, or a closure."""
    assert reached("kv_cache", "KVCache") == ["KVCache.update", "decode_step"]   # decode_step runs ns.KVCache
    assert reached("kv_cache", "decode_step") == ["decode_step"]

    def helper(ns):
        return ns.Target

    def made(name):
        return lambda impl, case, ns: getattr(ns, name)

    assert "Target" in names_in(lambda impl, case, ns: helper(ns))
    assert "Target" in names_in(made("Target"))
    assert names_in(functools.partial(getattr, "Target")) is ANY      # no plain function: it may reach any name
    assert "Target" not in names_in(lambda impl, case, ns: impl(*case.args))
