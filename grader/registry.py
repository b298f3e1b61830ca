"""Finds the drills by themselves: a drill is drills/<id>.py, reference/<id>.py and
grader/specs/<id>.py. Reads each declaration's META and HINTS literals without importing it,
so listing drills never imports torch."""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS, REFERENCES, SPECS = ROOT / "drills", ROOT / "reference", ROOT / "grader" / "specs"
TOPICS = ["basics", "normalisation", "attention", "positions and blocks", "decoding", "training",
          "post-training", "generative models", "efficiency", "classic ML", "vision and sequence", "distributed"]
DIFFICULTY = ["easy", "medium", "hard"]


@dataclass(frozen=True)
class DrillInfo:
    id: str
    title: str
    zh: str
    topic: str
    difficulty: str
    minutes: int
    hints: tuple = field(default=())
    follow_ups: tuple = field(default=())
    oracle: str = ""          # the implementation outside the project its reference agrees with

    @property
    def stub(self) -> Path:
        return STUBS / f"{self.id}.py"

    @property
    def reference(self) -> Path:
        return REFERENCES / f"{self.id}.py"

    def prompt(self) -> str:
        return ast.get_docstring(ast.parse(self.stub.read_text(encoding="utf-8"))) or ""


def _literal(tree: ast.Module, name: str):
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "dict":  # dict(a=1)
                return {k.arg: ast.literal_eval(k.value) for k in value.keywords}
            return ast.literal_eval(value)
    return None


def _statements(text: str, names) -> ast.Module:
    """The top-level assignments to `names`, parsed alone: `drill list` then reads 85 declarations in
    a few milliseconds instead of parsing them whole. The whole file when they cannot be cut out."""
    lines, picked = text.split("\n"), []
    for name in names:
        start = next((i for i, line in enumerate(lines) if line.startswith(f"{name} = ")), None)
        if start is None:
            continue
        end = start + 1
        while end < len(lines) and (not lines[end] or lines[end][0] in " \t)]}"):
            end += 1
        picked += lines[start:end]
    try:
        return ast.parse("\n".join(picked))
    except SyntaxError:
        return ast.parse(text)


@cache
def drills() -> dict[str, DrillInfo]:
    found = {}
    for spec in sorted(SPECS.glob("*.py")):
        drill_id = spec.stem
        if drill_id.startswith("_") or not (STUBS / spec.name).exists() or not (REFERENCES / spec.name).exists():
            continue
        tree = _statements(spec.read_text(encoding="utf-8"), ("META", "HINTS"))
        meta = _literal(tree, "META") or {}
        found[drill_id] = DrillInfo(id=drill_id, hints=tuple(_literal(tree, "HINTS") or ()), **meta)
    return dict(sorted(found.items(), key=lambda kv: (TOPICS.index(kv[1].topic)
                                                      if kv[1].topic in TOPICS else 99, kv[0])))


def get(drill_id: str) -> DrillInfo | None:
    return drills().get(drill_id)
