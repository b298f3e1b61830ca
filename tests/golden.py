"""Print the verdict a wrong solution gets now, in EXPECT form, beside the EXPECT it carries:

    python -m tests.golden DRILL [NAME_PART] [--write]

For writing and reviewing expectations by hand. With --write it replaces the EXPECT of each file
whose verdict differs; read every such verdict first: the named mistake must be the file's own."""
import ast
import sys

from tests.grading import SOLUTIONS, WRONG_EXAMPLES, expectation, grade_here, verdict_of


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
    write = "--write" in rest
    part = next((r for r in rest if r != "--write"), "")
    for path in sorted((SOLUTIONS / drill_id).glob("wrong_*.py")):
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


if __name__ == "__main__":
    main(*sys.argv[1:])
