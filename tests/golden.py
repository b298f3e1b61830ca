"""Print the verdict each wrong solution and each declared mistake of a drill gets now, beside the
verdict it keeps:

    python -m tests.golden DRILL [NAME_PART] [--write] [--mistakes]

For writing and reviewing expectations by hand. With --write it replaces the EXPECT of each wrong
file whose verdict differs, and the kept verdict of each declared mistake
(tests/solutions/DRILL/mistakes.json); read every such verdict first: the named mistake must be
the file's or the mistake's own. --mistakes looks at the declared mistakes alone."""
import ast
import sys

from tests.grading import (SOLUTIONS, WRONG_EXAMPLES, declared_mistakes, expectation, grade_here, grade_mistake,
                           keep_mistake_verdicts, kept_mistake_verdicts, verdict_of)


def literal(expect: dict) -> str:
    lines = [f"    {k!r}: {v!r}," for k, v in expect.items()]
    return "EXPECT = {\n" + "\n".join(lines) + "\n}" if lines else "EXPECT = {}"


def rewrite(path, expect: dict) -> None:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    node = next((n for n in tree.body if isinstance(n, ast.Assign)
                 and any(getattr(t, "id", None) == "EXPECT" for t in n.targets)), None)
    lines = source.splitlines(keepends=True)
    if node is None:
        at = next((n.end_lineno for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))), 0)
        lines[at:at] = ["\n", literal(expect) + "\n"]
    else:
        lines[node.lineno - 1:node.end_lineno] = [literal(expect) + "\n"]
    path.write_text("".join(lines), encoding="utf-8")


def main(drill_id: str, *rest: str) -> None:
    write, only_mistakes = "--write" in rest, "--mistakes" in rest
    part = next((r for r in rest if not r.startswith("--")), "")
    for path in [] if only_mistakes else sorted((SOLUTIONS / drill_id).glob("wrong_*.py")):
        if part not in path.name:
            continue
        got = verdict_of(grade_here(drill_id, path, max_examples=WRONG_EXAMPLES))
        try:
            want = expectation(path)
        except AssertionError:
            want = None
        if got == want:
            print(f"# {path.name}: same")
            continue
        print(f"# {path.name}: DIFFERS\n{literal(got)}\n# it carries\n# {want!r}")
        if write:
            rewrite(path, got)
    kept = kept_mistake_verdicts(drill_id)
    now = {}
    for key, entry, mistake in declared_mistakes(drill_id):
        if part not in key:
            continue
        got = verdict_of(grade_mistake(drill_id, entry, mistake))
        now[key] = got
        if kept.get(key) == got:
            print(f"# {key}: same")
        else:
            print(f"# {key}: DIFFERS\n{got!r}\n# it keeps\n# {kept.get(key)!r}")
    if write:
        declared = {key for key, _, _ in declared_mistakes(drill_id)}
        keep_mistake_verdicts(drill_id, {k: v for k, v in {**kept, **now}.items() if k in declared})


if __name__ == "__main__":
    main(*sys.argv[1:])
