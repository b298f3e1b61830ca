"""The reference's results are made once per grading process (Runner.remembered): a spare grading
process grades the reference with the seed of the check it will take, and that check then finds
them made. What is kept must never change a verdict, and is kept only where it follows from its key."""
import collections
import types
from pathlib import Path

import pytest
import torch

from grader.engine import loader, runner
from grader.engine.pipeline import grade
from grader.learner.registry import get
from grader.engine.result import Check
from grader.engine.runner import fingerprint
from grader.engine.spec import Case, Entry

SOLUTIONS = Path(__file__).parent / "solutions"


@pytest.fixture
def reference_calls(monkeypatch):
    """The reference's calls, counted, with nothing kept from earlier tests in this process."""
    calls = []
    real = runner.Runner.reference

    def reference(self, *args, **kwargs):
        calls.append(self.entry.name)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(runner.Runner, "reference", reference)
    monkeypatch.setattr(runner, "KEPT", {})
    return calls


EXAMPLES = 12      # drawn examples of every grading here (the spare's warm-up too, as in the grader)


def verdict(drill: str, path: Path | None, seed: int, **options) -> list[tuple]:
    return [(c.name, c.status, c.message, c.call, c.mistake)
            for c in grade(drill, path and str(path), seed=seed, device="emulated", speed_check=False,
                           max_examples=EXAMPLES, **options)
            if isinstance(c, Check)]


# kv_cache's decode_step builds its attention weights from torch's global generator in its run: its
# reference is run every time, and what is kept of it (the cache's updates) changes no verdict either
DRAWS_FROM_THE_GLOBAL_GENERATOR = {"kv_cache"}


@pytest.mark.parametrize("drill", ["softmax", "mha", "batchnorm", "top_p", "kv_cache"])
def test_a_grading_after_the_references_own_finds_its_results_made_and_gives_the_same_verdict(
        drill, reference_calls):
    reference = get(drill).reference
    files = [reference] + sorted((SOLUTIONS / drill).glob("right_*.py"))[:1] + \
        sorted((SOLUTIONS / drill).glob("wrong_*.py"))[:1]
    assert len(files) == 3, files
    for path in files:
        runner.KEPT.clear()
        reference_calls.clear()
        alone = verdict(drill, path, seed=11)
        made_alone = len(reference_calls)
        if path != reference:                                   # (the reference alone was its own warm-up)
            runner.KEPT.clear()
            verdict(drill, reference, seed=11)                  # a spare's warm-up
        reference_calls.clear()
        after = verdict(drill, path, seed=11)
        assert after == alone, path.name
        if drill in DRAWS_FROM_THE_GLOBAL_GENERATOR:
            assert len(reference_calls) < made_alone, path.name
        elif all(status != "fail" for _, status, *_ in alone):
            assert made_alone > 0, path.name
            assert reference_calls == [], f"{path.name}: the reference ran {len(reference_calls)} times again"
        elif made_alone:           # inputs found while shrinking are new, the declared examples are not
            assert len(reference_calls) < made_alone, path.name


def test_the_declared_mistakes_run_once_on_each_input_and_a_grading_again_gives_the_same_verdict(monkeypatch):
    """Naming the mistake of each failing check runs every declared mistake on the same examples:
    what each gives is kept as the reference's results are."""
    monkeypatch.setattr(runner, "KEPT", {})
    entry = loader.declaration("softmax").entries[0]
    likes = [k for k in entry.mistakes if k.like is not None]
    assert len(likes) >= 3
    runs = collections.Counter()

    def counted(k, like):
        def softmax(*args, **kwargs):
            runs[k.name, fingerprint(args), fingerprint(kwargs)] += 1
            return like(*args, **kwargs)
        return softmax
    learner = runner.Overlay(loader.reference("softmax"), softmax=likes[0].like)      # makes the first mistake
    for k in likes:
        monkeypatch.setattr(k, "like", counted(k, k.like))
    first = verdict("softmax", None, seed=5, module=learner, apart=False)
    assert likes[0].name in {m for *_, m in first}
    assert runs and max(runs.values()) == 1, runs.most_common(3)
    runs.clear()
    assert verdict("softmax", None, seed=5, module=learner, apart=False) == first and not runs


def test_another_seed_finds_the_declared_examples_made(reference_calls):
    verdict("mha", get("mha").reference, seed=12)
    made = len(reference_calls)
    reference_calls.clear()
    verdict("mha", get("mha").reference, seed=13)
    assert 0 < len(reference_calls) < made      # drawn inputs are new; the declared examples are not


def test_fingerprints_tell_inputs_apart_by_value():
    x = torch.linspace(-1, 1, 12).reshape(3, 4)
    same = [x.clone(), x.t().contiguous().t()]                  # another layout, the same values
    for y in same:
        assert fingerprint(y) == fingerprint(x)
    nudged = x.clone()
    nudged[2, 3] = torch.nextafter(nudged[2, 3], torch.tensor(2.0))
    others = [nudged, x.double(), x.reshape(4, 3), x.clone().requires_grad_(), x.half(), x[:2]]
    prints = [fingerprint(x)] + [fingerprint(y) for y in others]
    assert len(set(prints)) == len(prints)
    g = torch.Generator().manual_seed(3)
    before = fingerprint({"g": g})
    torch.rand(2, generator=g)
    assert fingerprint({"g": g}) != before
    assert fingerprint((1, 1.0, True, None, "a")) != fingerprint((1.0, 1, 1, None, "a"))
    assert fingerprint([x, object()]) is None                   # not known to be a plain value: never kept


def test_a_function_that_draws_from_the_global_generator_is_run_every_time(monkeypatch):
    monkeypatch.setattr(runner, "KEPT", {})
    namespace = types.ModuleType("reference_under_test")
    namespace.f = lambda x: x
    r = runner.Runner(Entry("f", inputs=None), namespace, namespace, "<test>", 10.0, None)
    case = Case(args=(torch.ones(3),))
    runs = []

    def plain():
        runs.append("plain")
        return case.args[0] * 2

    def drawing():
        runs.append("drawing")
        return case.args[0] + torch.rand(3)

    for _ in range(3):
        r.remembered("plain", case, plain)
        r.remembered("drawing", case, drawing)
    assert runs.count("plain") == 1 and runs.count("drawing") == 3
    other = Case(args=(torch.ones(3),), seed=1)                  # the seed is part of the key
    r.remembered("plain", other, plain)
    assert runs.count("plain") == 2
