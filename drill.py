"""Practise in Jupyter: `%load_ext drill`, then `%drill start gqa` shows the prompt and the stub to
copy, and a cell headed `%%drill gqa` is graded as your file for gqa.

The cell is written to DRILL_HOME/workspace/notebook/<id>.py and graded by the same warm grader as
`drill check`: your code runs in the grader's processes, never in the kernel's, so a hang or a
crash there ends in a verdict and leaves the kernel alone. The verdict is shown as the terminal
shows it and recorded in the same progress store, marked as coming from a notebook. The cell then
runs in the notebook as usual, so that what it defines can be tried out; a cell that did not load
in the grader (it raised, hung or ended its process there) is not run in the kernel.

Needs IPython (pip install -e ".[notebook]"); importing this module does not."""
from __future__ import annotations

import argparse
import ast
import re
import shlex
from pathlib import Path

import cli
from grader import words
from grader.learner import home, record, settings
from grader.views import terminal as show
from grader.words import say


def load_ipython_extension(ip) -> None:
    """`%load_ext drill`: register the magic, and start the warm grader so that the first graded
    cell does not wait for torch to load."""
    ip.register_magic_function(drill, magic_kind="line_cell", magic_name="drill")
    from grader.runtime import client
    client.start_early()


class Usage(argparse.ArgumentParser):
    def error(self, message):
        from IPython.core.error import UsageError
        raise UsageError(f"{message}\n{say('views.drill.usage')}")


CELL = Usage(prog="%%drill", add_help=False)
CELL.add_argument("id")
CELL.add_argument("--hint", action="store_true")
CELL.add_argument("--seed", type=int)


def drill(line: str, cell: str | None = None) -> None:
    """%drill start ID · %%drill ID [--hint] [--seed N]"""
    import typer
    record.reopen()
    try:
        words.use(settings.language([]))         # DRILL_LANG, else `drill config lang`, else English
    except ValueError:
        words.use(words.DEFAULT)
    try:
        if cell is None:
            args = shlex.split(line)
            if len(args) != 2 or args[0] != "start":
                from IPython.core.error import UsageError
                raise UsageError(say("views.drill.usage"))
            start(cli.known(args[1]))
        else:
            grade_cell(CELL.parse_args(shlex.split(line)), cell)
    except typer.Exit:
        pass                  # what could not be done was said


def start(info) -> None:
    """The prompt as Markdown, and the stub headed by its magic, ready to copy into a cell; the
    drill's clock starts."""
    from IPython.display import Markdown, display
    record.attempt(say("views.record.this_start"), lambda: record.opened(cli.warn).record("start", info.id, source="notebook"), cli.warn)
    display(Markdown(start_page(info)))


def start_page(info) -> str:
    prompt = info.prompt(words.current()).splitlines()[1:]   # its first line is the title, shown in the heading
    return "\n".join([f"### {info.id} · {show.titles(info)}",
                      "*" + say("views.drill.about", level=show.level(info.difficulty), minutes=info.minutes,
                                topic=info.topic) + "*", "",
                      prompt_markdown("\n".join(prompt).strip("\n")), "",
                      say("views.drill.copy_this"), "",
                      "```python", f"%%drill {info.id}", stub_code(info), "```"])


def prompt_markdown(prompt: str) -> str:
    """The prompt's prose as it is, its code, examples and formulas in fenced blocks."""
    out: list[str] = []
    code: list[str] = []

    def close() -> None:
        while code and not code[-1].strip():
            code.pop()
        if code:
            lead = min(len(c) - len(c.lstrip()) for c in code if c.strip())
            out.extend(["```", *(c[lead:] for c in code), "```"])
            code.clear()

    for text, _, is_code in show.prompt_blocks(prompt):
        if is_code or (code and not text):          # a blank line inside an example stays in it
            code.append(text)
            continue
        close()
        out.append(prose(text))
    close()
    return "\n".join(out)


def prose(text: str) -> str:
    """A line of prose as Markdown: a `*` outside code spans (n_heads*head_dim) is not emphasis."""
    marker = re.match(r" *([-*] )?", text)[0]
    parts = re.split(r"(`[^`]*`)", text[len(marker):])
    return marker + "".join(p if p.startswith("`") else p.replace("*", r"\*") for p in parts)


def stub_code(info) -> str:
    """The stub without its docstring (the prompt, shown above it)."""
    source = info.stub_in(words.current()).read_text(encoding="utf-8")
    body = ast.parse(source).body
    docstring = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    lines = source.splitlines()
    return "\n".join(lines[body[0].end_lineno:] if docstring else lines).strip("\n")


def grade_cell(args: argparse.Namespace, cell: str) -> None:
    from grader.runtime import client
    from IPython import get_ipython
    info = cli.known(args.id)
    command = f"%%drill {info.id}"
    path = cell_file(info.id, cell)
    console = cli.console
    console.print(show.heading(info, say("views.drill.this_cell")))
    digest = record.digest_of(path)
    try:
        lines = show.CheckLines(drill_id=info.id)
        verdict = client.grade(info.id, path, home=cli.grader_home(), seed=args.seed,
                               on_check=lambda c: cli.shown(lines.line(c)), replay=home.writable())
    except (OSError, RuntimeError) as e:
        raise cli.unusable(say("views.cli.grader_not_run", why=e)) from None
    except KeyboardInterrupt:
        console.print(f"[yellow]{say('views.drill.interrupted')}[/]")
        return
    for line in lines.summary():
        console.print(line)
    console.print(show.verdict_summary(verdict, info, command=command, where=say("views.drill.this_cell")))
    if record.verdict(info.id, verdict, digest, path, cli.warn, source="notebook") and verdict.passed:
        console.print(cli.next_step(info.id, start="%drill start"))
    if args.hint:
        if info.hints:
            for text in show.hint_lines(info, *record.hint(record.opened(cli.warn), info, cli.warn,
                                                           source="notebook")):
                console.print(text)
        else:
            console.print(say("views.cli.no_hints", drill=info.id))
    if any(c.name == "load" and c.status == "pass" for c in verdict.checks):
        get_ipython().run_cell(cell, store_history=False)
    else:
        console.print(f"[dim]{say('views.drill.not_run')}[/]")


def cell_file(drill_id: str, cell: str) -> Path:
    """Write the cell where the grader reads it: DRILL_HOME/workspace/notebook/<id>.py (a private
    folder when DRILL_HOME is read-only: graded, not recorded). A blank first line stands for the
    %%drill line, so that line numbers in the verdict are the cell's."""
    try:
        folder = (home.workspace() if home.writable() else cli.grader_home()) / "notebook"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{drill_id}.py"
        home.write_atomically(path, ("\n" + cell).encode("utf-8"))
    except home.HomeError as e:
        raise cli.unusable(say("views.drill.cannot_write", drill=drill_id, why=e)) from None
    except OSError as e:
        raise cli.unusable(say("views.drill.cannot_write", drill=drill_id, why=home.why_not_written(e))) from None
    return path
