"""The grader's four jobs stay apart: the engine imports neither the runtime, the learner's data
nor the views, no package imports one above it, and no two modules import each other."""
import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GRADER = ROOT / "grader"
# who may import whom: a package imports only the packages listed for it (and itself)
ALLOWED = {
    "words": set(),
    "engine": {"words"},
    "learner": {"engine", "words"},
    "runtime": {"engine", "learner", "words"},
    "views": {"engine", "learner", "words"},
    "specs": {"engine"},
}
JOBS = ["engine", "runtime", "learner", "views"]


@cache
def modules() -> dict[str, Path]:
    found = {}
    for path in GRADER.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, top_level_only: bool = False) -> set[str]:
    """The grader modules a file imports, `from grader.x import y` counted as grader.x.y where that
    is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else ast.walk(tree)
    known, found = modules(), set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("grader")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grader"):
            for a in node.names:
                whole = f"{node.module}.{a.name}"
                found.add(whole if whole in known else node.module)
    return found


def package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""          # grader.words is a package of its own


def test_the_grader_has_one_folder_per_job_and_nothing_loose():
    loose = sorted(p.name for p in GRADER.glob("*.py") if p.name != "__init__.py")
    assert loose == [], f"modules outside the job folders: {loose}"
    for job in JOBS:
        assert (GRADER / job / "__init__.py").read_text().startswith('"""'), f"{job} says what it holds"


@pytest.mark.parametrize("module", sorted(m for m in modules() if package(m) in ALLOWED))
def test_a_package_imports_only_the_packages_below_it(module):
    mine = package(module)
    for imported in imports(modules()[module]):
        theirs = package(imported)
        assert theirs == mine or theirs in ALLOWED[mine], f"{module} ({mine}) imports {imported} ({theirs})"


def test_no_two_modules_import_each_other():
    graph = {m: {i for i in imports(p, top_level_only=True) if i in modules()} for m, p in modules().items()}
    seen, stack, circles = set(), [], []

    def visit(m):
        if m in stack:
            circles.append(stack[stack.index(m):] + [m])
            return
        if m in seen:
            return
        seen.add(m)
        stack.append(m)
        for n in sorted(graph[m]):
            visit(n)
        stack.pop()

    for m in sorted(graph):
        visit(m)
    assert circles == [], " ; ".join(" -> ".join(c) for c in circles)


def test_nothing_in_the_grader_imports_the_cli():
    for module, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in ("cli", "drill") for n in names), module
