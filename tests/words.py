"""What a drill still lacks in another language, and where its translated prompt drifted from the
English one:

    python -m tests.words [--lang zh] [DRILL ...]
    python -m tests.words --skeleton DRILL      # the table to fill in, as Python

A drill's words in a language are its stub drills/<lang>/<id>.py and its table
grader/words/<lang>/drills/<id>.py (see grader/words/__init__.py). The stub must hold the same code
as the English stub (only the docstring and comments change), the same indented lines in its
docstring (signatures, formulas, the worked example and its output) and the same `code` spans. The
table must translate every text of the declaration (hints, follow-up questions, mistake names and
hints, example labels, invariant names, the loops' and the work's size words, and each message a
check of the declaration raises with Fail), with the same {0}, {1} values, and nothing else."""
from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

from grader import words
from grader.engine import kit, loader
from grader.engine.spec import Case, Invariant, Loops, Memory, Mistake, Sampled, Work
from grader.learner import registry

ROOT = Path(__file__).resolve().parent.parent
HAN = re.compile(r"[\u4e00-\u9fff]")
ENGLISH = re.compile(r"(?:\b[A-Za-z]{2,}[,;.]?\s+){4,}[A-Za-z]{2,}")   # five English words in a row


# ---- the prompt --------------------------------------------------------------------------------

def without_comments_and_docstrings(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body[0] = ast.Pass()
    return ast.dump(tree, include_attributes=False)


def comments(source: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]


def docstring(source: str) -> str:
    return ast.get_docstring(ast.parse(source), clean=False) or ""


BULLET = re.compile(r"\s*(?:[-*•]|\d+[.)])\s+")


def indented(doc: str) -> list[str]:
    """The docstring's code: its lines indented by four spaces or more and deeper than the text of
    the bullet they stand under (signatures, formulas, the example and its output), as they stand.
    A line that goes on a bullet's sentence, at its text's column, is prose."""
    code, column = [], 0
    for line in doc.splitlines():
        depth = len(line) - len(line.lstrip())
        if not line.strip():
            column = 0
        elif depth >= 4 and depth > column:
            code.append(line.rstrip())
        elif BULLET.match(line):
            column = BULLET.match(line).end()
    return code


def spans(doc: str) -> set[str]:
    """The `code` spans, a span that a line break cuts read as one line."""
    return {re.sub(r"\s*\n\s*", " ", s) for s in re.findall(r"`([^`]+)`", doc)}


def prompt_problems(drill_id: str, lang: str) -> list[str]:
    path = ROOT / "drills" / lang / f"{drill_id}.py"
    if not path.exists():
        return [f"no translated stub: {path.relative_to(ROOT)}"]
    en = (ROOT / "drills" / f"{drill_id}.py").read_text(encoding="utf-8")
    other = path.read_text(encoding="utf-8")
    problems = []
    try:
        if without_comments_and_docstrings(en) != without_comments_and_docstrings(other):
            problems.append("the code differs from the English stub's (only the docstring and comments may)")
    except SyntaxError as e:
        return [f"the translated stub does not parse: {e}"]
    doc_en, doc = docstring(en), docstring(other)
    a, b = indented(doc_en), indented(doc)
    if a != b:
        missing = [line for line in a if line not in b]
        extra = [line for line in b if line not in a]
        problems.append("the docstring's indented lines (interface, formulas, example) differ: "
                        f"missing {missing[:3]}, not in English {extra[:3]}" if missing or extra else
                        "the docstring's indented lines are in another order")
    if spans(doc_en) != spans(doc):
        problems.append(f"`code` spans differ: missing {sorted(spans(doc_en) - spans(doc))[:6]}, "
                        f"not in English {sorted(spans(doc) - spans(doc_en))[:6]}")
    title = registry.get(drill_id)
    first = doc.strip().splitlines()[0] if doc.strip() else ""
    if not first.startswith(title.zh):
        problems.append(f"the docstring's first line starts with the Chinese title {title.zh!r}: {first!r}")
    if not HAN.search(doc.split("\n", 1)[-1]):
        problems.append("the docstring is not translated")
    code = set(indented(doc))
    english = [line.strip() for line in doc.splitlines()[1:] if line.rstrip() not in code
               and ENGLISH.search(re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", "", line))]
    if english:
        problems.append(f"prose left in English: {english[:3]}")
    if len(comments(en)) != len(comments(other)):
        problems.append("not the same number of comments as the English stub")
    elif any(HAN.search(c) is None and c.strip("# ") and HAN.search(c2) is None and re.search("[A-Za-z]{4}", c)
             for c, c2 in zip(comments(en), comments(other)) if c == c2):
        problems.append("a comment is left in English")
    return problems


# ---- the declaration's text --------------------------------------------------------------------

def message_keys(source: str) -> tuple[set[str], list[int]]:
    """The keys of the messages the declaration's checks raise with Fail(...): (keys, lines of the
    ones made otherwise than with a literal or an f-string, which no table can key)."""
    keys, unkeyed = set(), []

    def parts(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [[node.value]]
        if isinstance(node, ast.JoinedStr):
            out = []
            for v in node.values:
                out.append(v.value if isinstance(v, ast.Constant) else None)
            return [out]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = parts(node.left), parts(node.right)
            return [a + b for a in left for b in right] if left and right else []
        if isinstance(node, ast.IfExp):
            a, b = parts(node.body), parts(node.orelse)
            return a + b if a and b else []
        return []

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("Fail", "step") \
                and node.args:                         # a Fail's message, a Trace step's label
            found = parts(node.args[0])
            if not found and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Fail":
                unkeyed.append(node.lineno)
            for p in found:
                keys.add(words.template_of(p))
    return keys, unkeyed


def texts(drill_id: str) -> set[str]:
    """Every English text of the drill that a learner reads, but the engine's own."""
    info = registry.get(drill_id)
    found = set(info.hints) | {f["ask"] for f in info.follow_ups if f.get("ask")}
    seen = set()

    def walk(obj):
        if id(obj) in seen or obj is None:
            return
        seen.add(id(obj))
        if isinstance(obj, Case):
            if obj.label:
                found.add(obj.label)
            return
        if isinstance(obj, Mistake):
            if any(obj is v for v in vars(kit).values()):
                return                                   # the kit's own: in the engine's catalogue
            found.add(obj.name)
            if obj.hint:
                found.add(obj.hint)
            return
        if isinstance(obj, Invariant):
            found.add(obj.name)       # a kit invariant's own name is the engine's (see table_problems)
            return
        if isinstance(obj, Loops):
            found.add(obj.over)
        if isinstance(obj, Work):
            found.add(obj.grows)
            for n in obj.sizes:
                walk(obj.case(n))
            return
        if isinstance(obj, (list, tuple)):
            for o in obj:
                walk(o)
            return
        if hasattr(obj, "__dataclass_fields__"):
            for name in obj.__dataclass_fields__:
                walk(getattr(obj, name))

    walk(loader.declaration(drill_id))
    source = (ROOT / "grader" / "specs" / f"{drill_id}.py").read_text(encoding="utf-8")
    return found | message_keys(source)[0]


def table_problems(drill_id: str, lang: str) -> list[str]:
    path = ROOT / "grader" / "words" / lang / "drills" / f"{drill_id}.py"
    if not path.exists():
        return [f"no table: {path.relative_to(ROOT)}"]
    table = words.table(lang, drill_id)
    need = texts(drill_id)
    engine = [t for t in need if words.drill("", t, lang) != t]     # the kit's own names and mistakes
    problems = [f"not translated: {t!r}" for t in sorted(need - set(table) - set(engine))]
    source = (ROOT / "grader" / "specs" / f"{drill_id}.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    values = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)} | \
        {words.template_of([v.value if isinstance(v, ast.Constant) else None for v in n.values])
         for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)}      # an f-string's value keyed by its template
    problems += [f"translates what the declaration does not say (stale?): {t!r}"
                 for t in sorted(set(table) - need - values)]   # a string it fills into a message may be
    for key, said in table.items():
        if words.slots(key) != words.slots(said):
            problems.append(f"the values differ: {key!r} has {sorted(words.slots(key))}, its translation "
                            f"{sorted(words.slots(said))}")
        elif said == key and not HAN.search(said) and re.search(r"[A-Za-z]{3,}\s+[A-Za-z]{3,}", said):
            problems.append(f"left in English: {key!r}")
    problems += [f"line {n}: a Fail message made otherwise than with a literal or an f-string: no table can key "
                 f"it; write it as an f-string in the Fail(...) call" for n in message_keys(source)[1]]
    return problems


def problems(drill_id: str, lang: str = "zh") -> list[str]:
    return prompt_problems(drill_id, lang) + table_problems(drill_id, lang)


def skeleton(drill_id: str, lang: str) -> str:
    """The table to fill in: every text the drill needs, its translation where the table has one."""
    have = words.table(lang, drill_id) if (ROOT / "grader" / "words" / lang / "drills" / f"{drill_id}.py").exists() else {}
    lines = [f'"""{words.LANGUAGES[lang]} text of the {drill_id} drill."""', "TEXT = {"]
    lines += [f"    {t!r}:\n        {have.get(t, '')!r}," for t in sorted(texts(drill_id))]
    return "\n".join(lines + ["}"])


def main(argv: list[str]) -> int:
    lang = "zh"
    if "--skeleton" in argv:
        print(skeleton(argv[argv.index("--skeleton") + 1], lang))
        return 0
    if "--lang" in argv:
        i = argv.index("--lang")
        lang, argv = argv[i + 1], argv[:i] + argv[i + 2:]
    ids = argv or sorted(registry.drills())
    bad = 0
    for drill_id in ids:
        found = problems(drill_id, lang)
        bad += bool(found)
        print(f"{drill_id}: {'ok' if not found else f'{len(found)} problems'}")
        for p in found:
            print(f"  - {p}")
    print(f"{len(ids) - bad} of {len(ids)} drills complete in {lang}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
