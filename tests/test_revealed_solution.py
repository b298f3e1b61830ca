"""What `drill solution X` shows is a whole answer: written as the learner's file, it passes X. So it
imports nothing of the reference package (another drill's reference included), which a learner's
file cannot reach: the sandbox hides it. The text shown is the reference file, which test_drills
grades in its process for every drill (where nothing is hidden, hence the check of its imports);
a few are graded here through the warm grader's sandbox."""
import ast

import pytest

from grader.runtime import client
from grader.learner import registry
from grader.engine.result import PASS
from grader.views import terminal as show

DRILLS = list(registry.drills())
EXAMPLES = 3                                 # a pass of the reference at full size is tested elsewhere
SANDBOXED = ["softmax", "kv_cache", "mla", "transformer_block"]


def reference_imports(source: str) -> list[str]:
    """The modules of the `reference` package that source imports, however it is spelled."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in \
                ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            names = [str(node.args[0].value)]
        found += [n for n in names if n == "reference" or n.startswith("reference.")]
    return found


def learner_file(tmp_path, drill_id):
    path = tmp_path / f"{drill_id}.py"
    path.write_text(show.solution_text(registry.get(drill_id)), encoding="utf-8")
    return path


@pytest.mark.parametrize("drill_id", DRILLS)
def test_the_solution_shown_imports_no_reference(drill_id):
    assert reference_imports(show.solution_text(registry.get(drill_id))) == []


def test_reference_imports_are_seen_however_written():
    for source in ("from reference.gqa import GroupedQueryAttention", "import reference.rope as r",
                   "import importlib\nimportlib.import_module('reference.rope')", "from reference import gqa"):
        assert reference_imports(source), source
    assert reference_imports("from .reference import x\nimport referenced") == []


@pytest.mark.parametrize("drill_id", DRILLS)
def test_the_solution_shown_is_the_reference_that_passes(drill_id):
    """Shown whole, so tests/test_drills.py's test_reference_passes_its_grader grades exactly what a
    learner pastes (at two seeds, in full); graded again here it would only repeat that."""
    info = registry.get(drill_id)
    assert show.solution_text(info) == info.reference.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def grader_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("grader")
    client.ensure(home)
    yield home
    client.stop(home)


@pytest.mark.parametrize("drill_id", SANDBOXED)
def test_the_solution_shown_passes_in_the_sandbox(drill_id, grader_home, tmp_path):
    verdict = client.grade(drill_id, learner_file(tmp_path, drill_id), home=grader_home, seed=1, speed=False,
                           max_examples=EXAMPLES, replay=False)
    assert verdict.status == PASS, "\n".join(f"{c.name}: {c.status} {c.message}" for c in verdict.checks)
