"""Every drill, both ways: its stub is not started, its reference passes, known-wrong solutions
fail on the check that names their mistake, and correct solutions written differently pass."""

import pytest

from grader import loader, registry
from grader.result import FAIL, PASS, TODO
from tests.grading import expectation, grade_here, show, solutions

DRILLS = list(registry.drills())
WRONG_EXAMPLES = 20


@pytest.mark.parametrize("drill_id", DRILLS)
def test_stub_reports_not_started(drill_id):
    verdict = grade_here(drill_id, registry.get(drill_id).stub)
    assert verdict.status == TODO, show(verdict)


@pytest.mark.parametrize("drill_id", DRILLS)
def test_reference_passes_its_grader(drill_id):
    verdict = grade_here(drill_id, registry.get(drill_id).reference)
    assert verdict.status == PASS, show(verdict)
    assert {c.name for c in verdict.checks} >= {"values", "inputs unchanged"}


@pytest.mark.parametrize("drill_id", DRILLS)
def test_stub_and_reference_share_their_interface(drill_id):
    stub = loader.load_file(registry.get(drill_id).stub, f"stub_{drill_id}")
    reference = loader.reference(drill_id)
    assert loader.signature_problems(reference, stub) == []
    assert loader.public_api(stub).keys() == loader.public_api(reference).keys()


@pytest.mark.parametrize("drill_id", DRILLS)
def test_drill_is_complete(drill_id):
    info = registry.get(drill_id)
    assert info.title and info.zh and info.minutes > 0
    assert info.topic in registry.TOPICS and info.difficulty in registry.DIFFICULTY
    assert len(info.hints) >= 2
    prompt = info.prompt()
    assert "Example" in prompt and len(prompt) > 200
    assert "raise NotImplementedError" in info.stub.read_text()
    wrong = [p for p in solutions("wrong") if p.parent.name == drill_id]
    right = [p for p in solutions("right") if p.parent.name == drill_id]
    assert len(wrong) >= 3 and len(right) >= 2, (wrong, right)


@pytest.mark.parametrize("path", solutions("wrong"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_wrong_solution_fails_on_the_check_naming_its_mistake(path):
    expect = expectation(path)
    # A known mistake must show within the explicit examples and a few drawn ones; the full number
    # of drawn examples is kept for what must pass (references and correct solutions).
    verdict = grade_here(path.parent.name, path, until_fails=expect["check"], max_examples=WRONG_EXAMPLES)
    assert verdict.status == FAIL, show(verdict)
    failing = {c.name: c for c in verdict.checks if c.status == FAIL}
    assert expect["check"] in failing, show(verdict)
    if "mistake" in expect:
        assert expect["mistake"] in failing[expect["check"]].mistake, show(verdict)


@pytest.mark.parametrize("path", solutions("right"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_correct_solution_written_differently_passes(path):
    verdict = grade_here(path.parent.name, path)
    assert verdict.status == PASS, show(verdict)
