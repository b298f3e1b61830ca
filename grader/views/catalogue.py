"""The catalogue page, generated: every drill with its interface line (read from the stub, the
contract), topic, level, minutes and oracle (from its declaration's META). Reads files as text, so
it imports no torch. `drill catalogue` prints it; docs/CATALOGUE.md is this page, kept current by
a test."""
from __future__ import annotations

import ast

from grader.learner import registry

HEADER = """# The drill catalogue

Generated from the drills themselves (`drill catalogue` prints it; a test keeps this file current).
Each drill is `drills/<id>.py` (the stub, whose docstring is the full prompt), `reference/<id>.py`
and `grader/specs/<id>.py`. The interface line is the stub's; the oracle is the implementation
outside the project that the reference is tested against.
"""


def signature(node: ast.FunctionDef, skip_self: bool = False) -> str:
    args = node.args
    params = [a.arg for a in args.posonlyargs + args.args]
    if skip_self and params and params[0] == "self":
        params = params[1:]
    defaults = [ast.unparse(d) for d in args.defaults]
    shown = params[:len(params) - len(defaults)] + [f"{p}={d}" for p, d in zip(params[len(params) - len(defaults):],
                                                                            defaults)]
    if args.vararg:
        shown.append(f"*{args.vararg.arg}")
    elif args.kwonlyargs:
        shown.append("*")
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        shown.append(a.arg if d is None else f"{a.arg}={ast.unparse(d)}")
    if args.kwarg:
        shown.append(f"**{args.kwarg.arg}")
    return f"({', '.join(shown)})"


def interface(info: registry.DrillInfo) -> list[str]:
    """What the learner writes: functions, classes with their init, and public methods."""
    tree = ast.parse(info.stub.read_text(encoding="utf-8"))
    lines = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            lines.append(f"{node.name}{signature(node)}")
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            methods = {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}
            init = methods.get("__init__")
            lines.append(f"{node.name}{signature(init, skip_self=True) if init else '()'}")
            for name, m in methods.items():
                if not name.startswith("_"):
                    lines.append(f"{node.name}.{name}{signature(m, skip_self=True)}")
    return lines


def page() -> str:
    out = [HEADER]
    topic = None
    for info in registry.drills().values():
        if info.topic != topic:
            topic = info.topic
            out += [f"\n## {topic}\n", "| id | title | level | min | interface | oracle |", "|---|---|---|---|---|---|"]
        api = "<br>".join(f"`{line}`" for line in interface(info))
        out.append(f"| `{info.id}` | {info.title} {info.zh} | {info.difficulty} | {info.minutes} | {api} | "
                   f"{info.oracle or '—'} |")
    return "\n".join(out) + "\n"
