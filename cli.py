"""drill: practise writing ML components by hand, graded against a reference you can trust.

The CLI parses and renders. Grading happens in the warm grader's processes (grader.runtime.client,
grader.runtime.server, grader.runtime.sandbox); state lives in the progress store (grader.learner.store) under DRILL_HOME."""
from __future__ import annotations

import difflib
import gc
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.cells import cell_len
from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from grader.learner import home, registry
from grader.learner.home import HomeError
from grader.views.report import COLUMNS, clock
from grader.engine.result import ERROR, Check, Verdict
from grader.learner.store import Store, StoreError


def plain_options() -> None:
    """Coerce plain option values (a string, a number, a path without checks) without pydantic.

    typer 0.2x coerces every option value through a pydantic TypeAdapter, and importing pydantic
    takes about a third of a `drill check`'s own time. drill's options are plain: those are
    converted here, as click converts them; any other kind of option is left to typer. A typer
    without this machinery (older ones coerce through click) is left as it is."""
    try:
        from typer import _coercion, core
        build, base = core.build_runtime_param, _coercion.RuntimeParam
    except (ImportError, AttributeError):
        return
    kinds = {str: "text", int: "integer", float: "number", Path: "path", bool: "boolean"}
    booleans = {"1": True, "true": True, "t": True, "yes": True, "y": True, "on": True,
                "0": False, "false": False, "f": False, "no": False, "n": False, "off": False, "": False}

    class Plain(base):
        def _coerce_value(self, value, param, ctx):
            try:
                if self.annotation is bool and not isinstance(value, bool):
                    return booleans[str(value).strip().lower()]
                return self.annotation(value)
            except (TypeError, ValueError, KeyError):
                raise typer.BadParameter(f"{value!r} is not a valid {kinds[self.annotation]}.", ctx=ctx,
                                         param=param) from None

    def plain(info) -> bool:
        return (info.parser is None and info.min is None and info.max is None and not info.exists
                and not info.writable and not info.resolve_path and not info.allow_dash and info.path_type is None
                and info.file_okay and info.dir_okay and info.readable)

    def runtime_param(descriptor):
        try:
            if descriptor.annotation in kinds and descriptor.file_annotation is None and \
                    plain(descriptor.parameter_info):
                return Plain(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        except (AttributeError, TypeError):
            pass                 # a typer whose descriptors differ from these: coerced its own way
        return build(descriptor)

    core.build_runtime_param = runtime_param


plain_options()

app = typer.Typer(help="Practise writing ML components by hand: drill start softmax, then drill check.",
                  no_args_is_help=True)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)
STYLE = {"pass": "green", "fail": "red", "error": "red", "todo": "yellow", "skipped": "dim"}
MARK = {"pass": "✓", "fail": "✗", "error": "!", "todo": "…", "skipped": "-"}


_store: list[Store] = []


def reopen_store() -> None:
    """Open the store afresh at its next use: each command (and each notebook cell) opens the store
    of the DRILL_HOME it runs under."""
    _store.clear()


def opened_store() -> Store:
    """The progress store, opened once per command; what its opening repaired is said once. Raises
    StoreError or HomeError when it cannot be opened."""
    if not _store:
        _store.append(Store(home.store_path()))
        for note in _store[0].notes:
            err.print(f"[yellow]note:[/] {escape(note)}")
    return _store[0]


def store() -> Store:
    """The progress store, for a command that cannot go on without it (exit 2 when it cannot be opened)."""
    try:
        return opened_store()
    except (StoreError, HomeError) as e:
        raise unusable(str(e)) from None


def try_record(what: str, write) -> bool:
    """Run a write to the store; when it cannot be done (the store cannot be opened, is read-only,
    locked, full, ...), say so plainly (the command's own result stands) and return False."""
    try:
        opened_store()
        write()
        return True
    except typer.Exit:
        raise
    except HomeError as e:           # no DRILL_HOME at all: the command cannot go on
        raise unusable(str(e)) from None
    except Exception as e:          # the store's own errors, sqlite3's, a full disk, ...
        text = str(e) if isinstance(e, (StoreError, HomeError)) else f"{type(e).__name__}: {e}"
        err.print(f"[yellow]{escape(what)} was not recorded:[/] {escape(text)}")
    return False


def unusable(message: str) -> typer.Exit:
    """Say in one sentence why the command cannot go on; the command then exits with 2."""
    err.print(f"[red]{escape(message)}[/]")
    return typer.Exit(2)


def drill_home() -> Path:
    try:
        return home.home()
    except HomeError as e:
        raise unusable(str(e)) from None


def writable_home(command: str) -> Path:
    """DRILL_HOME, for a command that must write there."""
    path = drill_home()
    if not home.writable():
        raise unusable(f"DRILL_HOME ({path}) is read-only and drill {command} writes there: set DRILL_HOME to "
                       f"a folder you can write.")
    return path


def grader_home() -> Path:
    """Where the warm grader keeps its log: DRILL_HOME, or a private temporary folder when DRILL_HOME
    is read-only (the check is then graded, and not recorded)."""
    path = drill_home()
    if home.writable():
        return path
    key = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"drill-{os.getuid()}-{key}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def normal(name: str) -> str:
    """A drill id as people type it: case, '-', '_' and spaces do not matter."""
    return re.sub(r"[-_\s]", "", name.lower())


def known(drill_id: str) -> registry.DrillInfo:
    """The drill `drill_id` names (`GQA`, `top-p`, `layer_norm`, `kv cache`), or exit 2 with the
    ids it is closest to."""
    ids = {normal(d): d for d in registry.drills()}
    key = normal(drill_id)
    if key in ids:
        return registry.get(ids[key])
    close = difflib.get_close_matches(key, ids, n=4, cutoff=0.6)
    close += [n for n in ids if key and (key in n or n in key) and n not in close]    # "norm" → layernorm, …
    names = [ids[n] for n in close[:5]]
    hint = f"did you mean {', '.join(names)}?" if names else "drill list shows them all."
    raise unusable(f"There is no drill called {drill_id!r}: {hint}")


def drill_ids(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion of a drill id, with its title."""
    return [(d, i.title) for d, i in registry.drills().items() if d.startswith(incomplete.lower())]


def version() -> str:
    """The version of this source tree (its pyproject.toml), else of the installed package."""
    pyproject = registry.ROOT / "pyproject.toml"
    if pyproject.is_file():
        found = re.search(r'^version\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
        if found:
            return found[1]
    from importlib import metadata
    return metadata.version("drill")


def show_version(value: bool) -> None:
    if value:
        console.print(f"drill {version()}")
        raise typer.Exit()


@app.callback()
def options(version_: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                                   help="Show drill's version and exit.")] = False):
    """Practise writing ML components by hand: drill start softmax, then drill check."""
    reopen_store()


ID = Annotated[str, typer.Argument(metavar="ID", autocompletion=drill_ids,
                                   help="A drill id: drill list shows them (GQA, top-p, kv cache work too).")]


def last_or(what: str):
    return Annotated[Optional[str], typer.Argument(metavar="[ID]", autocompletion=drill_ids,
                                                   help=f"Default: the drill {what}.")]


# ---- renderers: pure functions from data to Rich renderables ----------------------------------

LIST_FIXED = {"level": 6, "min": 3, "status": 9, "best": 5}    # widths that never change
LIST_FIXED_W = sum(LIST_FIXED.values()) + len(LIST_FIXED)        # with a space before each


def wrap_words(text: str, width: int) -> list[str]:
    """A title that mixes Chinese and Latin, in lines at most `width` cells wide: a break comes at a
    space, else between two Chinese characters, never inside a Latin word. Only for a terminal too
    narrow to hold the title on one line."""
    lines, line = [], ""
    for token in re.findall(r"\s+|[A-Za-z0-9()'.,:+\-]+|.", text):
        if line and cell_len(line + token.rstrip()) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    return lines + [line.rstrip()]


def list_layout(infos, width: int) -> str:
    """How `drill list` fits `width` columns, every width measured in cells (a Chinese character
    takes two): "wide" when both titles fit whole in columns of their own, else "stacked" (the
    titles under the id, on one line or two)."""
    id_w = max([2 + len(i.id) for i in infos] + [len(i.topic) for i in infos])
    title_w = max(cell_len(i.title) for i in infos)
    zh_w = max(cell_len(i.zh) for i in infos)
    return "wide" if id_w + 1 + title_w + 1 + zh_w + LIST_FIXED_W <= width else "stacked"


def title_lines(info: registry.DrillInfo, width: int, indent: str = "    ") -> list[str]:
    """A drill's two titles under its id: on one line when they fit, else one line each; a title
    wider than the terminal (never at 80 columns) wrapped at words."""
    room = width - cell_len(indent)
    both = f"{info.title}  {info.zh}"
    if cell_len(both) <= room:
        return [indent + both]
    return [indent + line for title in (info.title, info.zh) for line in wrap_words(title, room)]


def drills_table(infos, summary: dict, width: int = 80):
    """The catalogue with the learner's status, grouped by topic and laid out for a terminal
    `width` columns wide: no line wider than the terminal and, from 80 columns up, every title
    whole on one line."""
    infos = list(infos)
    id_w = max([2 + len(i.id) for i in infos] + [len(i.topic) for i in infos])

    def status_of(info) -> tuple[str, str]:
        s = summary.get(info.id)
        status = s["status"] if s else "new"
        colour = {"passed": "green", "attempted": "yellow", "started": "cyan", "new": "dim"}[status]
        pad = " " * (LIST_FIXED["status"] - len(status))         # outside the style: a line ends unpadded
        return f"[{colour}]{status}[/]{pad}", clock(s and s["best"])

    def fixed(level: str, minutes: str, status: str, best: str) -> str:
        return f" {level:<6} {minutes:>3} {status} {best:>5}"

    if list_layout(infos, width) == "wide":
        title_w = max(cell_len(i.title) for i in infos)
        zh_w = max(cell_len(i.zh) for i in infos)

        def cells(*texts):        # padded by cells, so that Chinese titles line up
            return " ".join(t + " " * (w - cell_len(t)) for t, w in zip(texts, (id_w, title_w, zh_w)))
        head = cells("id", "title", "标题") + fixed("level", "min", f"{'status':<9}", "best")
        rows = lambda info: [cells(f"  {info.id}", escape(info.title), escape(info.zh))
                             + fixed(info.difficulty, str(info.minutes), *status_of(info))]
    else:
        id_col = max(id_w, width - LIST_FIXED_W)
        head = f"{'id / title / 标题':<{id_col - 2}}" + fixed("level", "min", f"{'status':<9}", "best")
        rows = lambda info: [f"  {info.id:<{id_col - 2}}" + fixed(info.difficulty, str(info.minutes),
                                                                  *status_of(info))] + \
            [escape(line) for line in title_lines(info, width)]
    lines = ["[bold]drills[/]", f"[bold]{head.rstrip()}[/]", "─" * min(width, cell_len(head))]
    topic = None
    for info in infos:                       # infos come grouped by topic: a heading for each
        if info.topic != topic:
            lines.append(f"[bold cyan]{info.topic}[/]")
            topic = info.topic
        lines += rows(info)
    return Group(*(Text.from_markup(line.rstrip(), emoji=False) for line in lines))


def drill_lines(infos, summary: dict) -> list[str]:
    """The catalogue for a pipe: one tab-separated line per drill, in the columns of `drills_table`
    with the topic after the titles."""
    out = []
    for info in infos:
        s = summary.get(info.id)
        out.append("\t".join([info.id, info.title, info.zh, info.topic, info.difficulty, str(info.minutes),
                              s["status"] if s else "new", clock(s and s["best"])]))
    return out


def prompt_blocks(prompt: str) -> list[tuple[str, int, bool]]:
    """The prompt in blocks, in order: its prose (a paragraph or a list item, its continuation lines
    joined) and its code, examples and formulas (lines indented further than the prose around
    them, one block each), as (text, indent of continuation lines, whether it is code); a blank
    line is ("", 0, False)."""
    blocks, hang = [], None       # hang: the open paragraph's indent
    for line in prompt.splitlines():
        lead, marker = re.match(r"( *)([-*] |\d+\. )?", line).groups()
        if not line.strip():
            blocks.append(("", 0, False))
            hang = None
        elif marker or (hang is None and not lead):       # a list item, or a paragraph begins
            hang = len(lead) + len(marker or "")
            blocks.append((line, hang, False))
        elif hang is not None and len(lead) == hang:      # the paragraph goes on
            blocks[-1] = (blocks[-1][0] + " " + line.strip(), hang, False)
        else:                                             # code, an example, a formula
            blocks.append((line, len(lead) + 4, True))
            hang = None
    return blocks


def prompt_lines(prompt: str, width: int) -> list[str]:
    """The prompt for a terminal `width` columns wide: its prose joined and re-wrapped at words with
    hanging indents; its code, examples and formulas kept as written, and wrapped with a deeper
    indent only when too long."""
    out = []
    for text, indent, _ in prompt_blocks(prompt):
        out += textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def check_line(check: Check) -> str:
    colour = STYLE.get(check.status, "white")
    text = f"[{colour}]{MARK.get(check.status, '?')} {escape(check.name)}[/]"
    if check.message and check.status != "pass":
        text += f"  {escape(check.message)}"
    elif check.message and check.name in ("speed", "memory"):
        text += f"  [dim]{escape(check.message)}[/]"
    if check.call and check.status in ("fail", "error"):
        text += f"\n    [dim]on[/] {escape(check.call)}"
    if check.mistake:
        text += f"\n    [bold yellow]looks like a classic mistake:[/] {escape(check.mistake)}"
    return text


def verdict_summary(verdict: Verdict, info: registry.DrillInfo, command: str = "drill check",
                    where: str | None = None) -> Panel:
    """The verdict's last word; `command` grades again (`%%drill gqa` in a notebook) and `where` is
    what the learner edits (default: the file graded)."""
    if verdict.status == "pass":
        body, colour = f"[bold green]Passed[/] {info.id} — {info.title} {info.zh}", "green"
    elif verdict.status == "todo":
        body, colour = (f"[bold yellow]Not started[/]: fill in the TODO in {escape(where or verdict.file)}, "
                        f"then run {escape(command)} again."), "yellow"
    else:
        failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
        body, colour = f"[bold red]Failed[/]: {', '.join(failed)}", "red"
    seed = "" if verdict.seed is None else \
        f"seed {verdict.seed} ({escape(command)} --seed {verdict.seed} repeats it) · "
    body += f"\n[dim]{seed}{verdict.seconds:.1f} s[/]"
    if verdict.output_bytes:
        shown = verdict.output[:1500]
        more = f"\n… {verdict.output_bytes:,} bytes in all" if verdict.output_bytes > len(shown) else ""
        body += f"\n[dim]your code printed:[/]\n{escape(shown)}{more}"
    for note in verdict.notes:
        body += f"\n[yellow]note:[/] {escape(note)}"
    return Panel(body, border_style=colour, expand=False)


def bar(value: float, top: float, width: int = 20) -> str:
    filled = 0 if not top else round(width * value / top)
    return "█" * filled + "·" * (width - filled)


def titled(title: str, columns: tuple[str, ...]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=None, pad_edge=False,
                  header_style="bold")
    for col in columns:
        table.add_column(col)
    return table


def progress_view(f: dict, now: float | None = None) -> Group:
    """`drill progress`: the same figures, headings and formats as the HTML report."""
    from grader.views import report
    now = now or time.time()
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    head = (f"[bold]{f['passed']}/{f['drills']}[/] drills passed · [bold]{rate}[/] of {f['attempts']} attempts "
            f"passed · streak [bold]{f['streak_days']}[/] day{'s' * (f['streak_days'] != 1)}")
    topics = titled("coverage by topic", COLUMNS["topics"])
    for name, t in f["topics"].items():
        topics.add_row(name, f"{t['passed']}/{t['drills']}", f"[green]{bar(t['passed'], t['drills'])}[/]",
                       str(t["attempted"]))
    drills = titled("per drill, weakest first", COLUMNS["drills"])
    for d in f["per_drill"]:
        best, budget = d["best_seconds"], d["budget_seconds"]
        over = best is not None and best > budget
        drills.add_row(d["id"], d["status"], str(d["attempts"]), str(d["fails"]), str(d["hints"]),
                       "seen" if d["revealed"] else "", f"[{'red' if over else 'green'}]{clock(best)}[/]",
                       clock(budget))
    counts = [d["attempts"] for d in f["daily"]]
    spark = "".join(" ▁▂▃▄▅▆▇█"[min(8, round(8 * n / max(1, max(counts))))] for n in counts)
    reviews = titled("review schedule", COLUMNS["reviews"])
    for r in f["reviews"]:
        reviews.add_row(r["drill"], report.due(r["due"], now), r["rating"], report.when(r["rated"]))
    mistakes = titled("mistakes made", COLUMNS["mistakes"])
    for m in f["mistakes"][:report.MISTAKES_SHOWN]:
        mistakes.add_row(m["drill"], report.when(m["ts"]), m["check"], m["mistake"])
    recent = titled("recent", COLUMNS["recent"])
    for e in f["recent"]:
        recent.add_row(report.when(e["ts"]), e["drill"], report.event_name(e), ", ".join(e["failed"]))
    weakest = ", ".join(f["weakest"]) or "none yet"
    parts = [head, "", topics, "", drills, "", f"attempts per day, last 14: {spark}  [dim]({' '.join(map(str, counts))})[/]",
             f"weakest: [bold]{weakest}[/]", ""]
    if f["reviews"]:
        parts += [reviews, ""]
    if f["mistakes"]:
        parts += [mistakes, ""]
    parts.append(recent)
    for card in f["mocks"][-3:]:
        parts += ["", scorecard_table(card)]
    return Group(*parts)


# ---- commands ---------------------------------------------------------------------------------

@app.command("list")
def list_drills(topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None):
    """List the drills with your status and best time.

    Piped, it prints one tab-separated line per drill: id, title, Chinese title, topic, level,
    minutes, status, best."""
    infos = [i for i in registry.drills().values() if topic is None or i.topic == topic]
    if not infos:
        raise unusable(f"There are no drills in topic {topic!r}: the topics are {', '.join(registry.TOPICS)}.")
    summary = store().summary()
    if console.is_terminal:
        console.print(drills_table(infos, summary, console.width))
    else:
        print("\n".join(drill_lines(infos, summary)))


@app.command()
def start(drill_id: ID,
          fresh: Annotated[bool, typer.Option("--fresh", help="Start over; the old file is kept as a backup.")] = False,
          edit: Annotated[bool, typer.Option("--edit", help="Open the file in $VISUAL, else $EDITOR, else vi.")] = False):
    """Copy the drill's stub into your workspace, show the prompt and start the clock."""
    info = known(drill_id)
    writable_home("start")
    if edit:
        try:
            editor = editor_command(os.environ)
        except ValueError as e:
            raise unusable(str(e)) from None
    try:
        path = home.workspace() / f"{info.id}.py"
        if path.exists() and fresh:
            console.print(f"[dim]old file kept as {backup(path)}[/]")
        if not path.exists() or fresh or not path.stat().st_size:
            home.write_atomically(path, info.stub.read_bytes())
            note = "a fresh copy of the stub"
        else:
            note = "your file from before (drill start --fresh to start over)"
    except HomeError as e:
        raise unusable(f"Cannot write your file for {info.id}: {e}.") from None
    except OSError as e:
        raise unusable(f"Cannot write your file for {info.id}: {home.why_not_written(e)}.") from None
    recorded = try_record("this start", lambda: store().record("start", info.id, fresh=fresh))
    console.rule(f"{info.id} · {info.title} {info.zh} · {info.difficulty} · about {info.minutes} min")
    console.print(Text("\n".join(prompt_lines(info.prompt(), console.width))))
    console.rule()
    console.print(f"Edit [bold]{path}[/] ({note}), then run [bold]drill check[/].")
    if edit:
        try:
            subprocess.call([*editor, str(path)])
        except OSError as e:
            raise unusable(f"The editor {editor[0]} could not be started ({e.strerror or e}): edit {path} "
                           f"yourself.") from None
    if not recorded:
        raise typer.Exit(2)                  # the file is there, but the clock did not start


def editor_command(environ) -> list[str]:
    """The command that opens a file for `drill start --edit`, split as a shell splits it
    (`code --wait`): $VISUAL, else $EDITOR, else vi; a variable set to nothing counts as unset.
    Raises ValueError, its message one sentence, when that command cannot be run here."""
    name = next((n for n in ("VISUAL", "EDITOR") if environ.get(n, "").strip()), None)
    value = environ[name] if name else "vi"
    said = f"${name} is {value!r}" if name else "neither $VISUAL nor $EDITOR is set"
    try:
        argv = shlex.split(value)
    except ValueError as e:
        raise ValueError(f"No editor can be opened: {said}, which a shell cannot split ({e}); set VISUAL or "
                         f"EDITOR, e.g. EDITOR='code --wait'.") from None
    if not argv or not argv[0] or shutil.which(argv[0], path=environ.get("PATH")) is None:
        program = argv[0] if argv else value
        raise ValueError(f"No editor can be opened: {said}, and {program!r} is not a command on PATH; set VISUAL "
                         f"or EDITOR, e.g. EDITOR='code --wait'.")
    return argv


def backup(path: Path) -> Path:
    folder = path.parent / "backups"
    folder.mkdir(exist_ok=True)
    target = folder / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**6}.py"
    home.write_atomically(target, path.read_bytes())
    return target


@app.command()
def check(drill_id: last_or("last started") = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Grade this file as the drill (a scratch check "
                                                       "when it is outside your workspace: not recorded unless "
                                                       "--record).")] = None,
          record: Annotated[bool, typer.Option("--record", help="Record a scratch check in your progress.")] = False,
          as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
          device: Annotated[str, typer.Option(help="cpu, cuda, mps, all, or auto (real accelerators if present, else emulated).")] = "auto",
          no_speed: Annotated[bool, typer.Option("--no-speed", help="Skip the speed check.")] = False,
          seed: Annotated[Optional[int], typer.Option(help="Repeat a run's random inputs.")] = None):
    """Grade your file: values, gradients, devices, banned calls, speed."""
    from grader.runtime import client
    if device not in ("auto", "cpu", "cuda", "mps", "all"):
        raise unusable(f"--device must be one of auto, cpu, cuda, mps, all; got {device!r}.")
    drill_id, info, path = target(drill_id, file)
    graders = grader_home()
    scratch = file is not None and not record and path.resolve().parent != home.workspace(create=False).resolve()
    if device in ("cuda", "mps"):
        try:
            present = client.devices(graders)
        except (OSError, RuntimeError) as e:
            raise unusable(f"The grader could not start: {e}.") from None
        if device not in present:
            raise unusable(f"There is no {device} device on this machine: use --device cpu, or leave --device out "
                           f"to emulate one.")
    if not as_json:
        console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
    on_check = None if as_json else (lambda c: console.print(check_line(c)))
    digest = digest_of(path)
    try:
        verdict = client.grade(drill_id, path, home=graders, seed=seed, device=device, speed=not no_speed,
                               on_check=on_check, replay=home.writable())
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not run: {e}.") from None
    if as_json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        console.print(verdict_summary(verdict, info))
    if scratch and verdict.status != "error":
        err.print("[dim]A scratch check of a file outside your workspace: not recorded (--record records it).[/]")
    elif record_verdict(drill_id, verdict, digest, path) and verdict.passed and not as_json:
        console.print(next_step(drill_id))
    raise typer.Exit(EXIT_CODES.get(verdict.status, 1))


def record_verdict(drill_id: str, verdict: Verdict, digest: str | None, path, **detail) -> bool:
    """Record a check (check, watch, a notebook cell), unless the grader itself failed: that is never
    held against the learner. True when it was recorded."""
    if verdict.status == "error":
        err.print("[yellow]Nothing was recorded: the grader failed, not your code.[/]")
        return False
    return try_record("this check", lambda: record_check(store(), drill_id, verdict, digest, path, **detail))


EXIT_CODES = {"pass": 0, "fail": 1, "todo": 1, "error": 3}


def next_step(drill_id: str, start: str = "drill start") -> str:
    """What to do after a pass: the next unseen drill of this topic, else a review that is due, else
    the next unseen drill anywhere; `start` is how it is started (`%drill start` in a notebook)."""
    from grader.learner import schedule
    following = schedule.suggestions(store(), after=drill_id)
    if not following:
        return "[green]Every drill is started and no review is due: drill mock for an interview.[/]"
    drill, why = following[0]
    return f"Next: [bold]{escape(start)} {drill}[/] [dim]({why})[/]"


def target(drill_id: str | None, file: Path | None) -> tuple[str, registry.DrillInfo, Path]:
    """The drill to grade (default: the one last started) and the file to grade as it."""
    if drill_id is None:
        drill_id = store().last_started()
        if drill_id is None and file is not None:
            raise unusable(f"Say which drill {file} is an answer to: drill check ID --file {file}.")
        if drill_id is None:
            raise unusable("No drill given and none started yet: drill start ID first (drill list shows them).")
    info = known(drill_id)
    if file is not None:
        if file.is_dir():
            raise unusable(f"{file} is a folder, not a Python file.")
        if not file.is_file():
            raise unusable(f"There is no file {file}.")
        return info.id, info, file
    drill_home()
    path = home.drill_file(info.id)
    if not path.is_file():
        raise unusable(f"You have not started {info.id} yet: drill start {info.id} puts its file in your workspace.")
    return info.id, info, path


def digest_of(path: Path) -> str | None:
    """What tells one version of a file from another."""
    try:
        return hashlib.sha1(path.read_bytes()).hexdigest()
    except OSError:
        return None


def record_check(s: Store, drill_id: str, verdict: Verdict, digest: str | None, path, **detail) -> bool:
    """Store the check and the review it earns (`detail`: more to keep with it, such as
    source="notebook"). Each distinct version of the file counts once as an attempt: returns False
    for a version checked before (recorded, not counted again)."""
    from grader.learner import schedule
    failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
    mistakes = {c.name: c.mistake for c in verdict.checks if c.mistake}
    hints = list(dict.fromkeys(c.hint for c in verdict.checks if c.hint))
    new = s.record("check", drill_id, status=verdict.status, seconds=verdict.seconds, failed=failed,
                   seed=verdict.seed, file=str(path), mistakes=mistakes, hints=hints, digest=digest, **detail)
    if new:
        schedule.after_check(s, drill_id, registry.get(drill_id).minutes)
    return new


@app.command()
def watch(drill_id: last_or("last started") = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Watch this file as the drill.")] = None,
          interval: Annotated[float, typer.Option(help="Seconds between looks at the file.")] = 0.25):
    """Re-grade on every save of your file (Ctrl-C stops).

    The grader stays warm between saves; saving the same content again does not count as another
    attempt."""
    from grader.runtime import client
    drill_id, info, path = target(drill_id, file)
    graders = grader_home()
    console.print(f"[dim]starting the grader for {path} …[/]")
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not start: {e}.") from None
    seen = None
    try:
        while True:
            stamp = path.stat().st_mtime_ns if path.exists() else None
            if stamp is not None and stamp != seen:
                seen = stamp
                console.clear()
                console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
                digest = digest_of(path)
                verdict = client.grade(drill_id, path, home=graders,
                                       on_check=lambda c: console.print(check_line(c)), replay=home.writable())
                console.print(verdict_summary(verdict, info))
                record_verdict(drill_id, verdict, digest, path)
                console.print(f"[dim]watching {path.name}: save to re-grade, Ctrl-C to stop[/]")
            time.sleep(interval)
    except KeyboardInterrupt:
        console.print("[dim]stopped watching[/]")


@app.command()
def hint(drill_id: last_or("last started or checked") = None):
    """One more hint each time you ask; the hint for the mistake your last check named comes first."""
    s = store()
    drill_id = drill_id or s.last_touched()
    if drill_id is None:
        raise unusable("No drill given and none started yet: drill hint ID, or drill start ID first.")
    info = known(drill_id)
    if not info.hints:
        raise unusable(f"{info.id} has no hints.")
    console.print(f"[bold]{info.id}[/] · {info.title} {info.zh}")
    for line in next_hint(s, info):
        console.print(line)


def hints_to_show(taken: int, total: int) -> tuple[int, bool]:
    """After `taken` hints of `total` were shown: how many to show now, and whether that is one more
    (to record). Past the last, the hints stay as they are and nothing more is counted."""
    if taken >= total:
        return total, False
    return taken + 1, True


def next_hint(s: Store, info: registry.DrillInfo, **detail) -> list[str]:
    """Record one more hint for a drill that has hints (`detail` is kept with it) and return the
    lines that show it: the hint for the mistake the last check named, then the hints taken so far.
    Once every hint is shown, asking again shows them again and records nothing."""
    checks = [e for e in s.attempt(info.id) if e["kind"] == "check"]
    named = checks[-1]["detail"].get("hints", []) if checks else []
    n, more = hints_to_show(s.hints_taken(info.id), len(info.hints))
    if more:
        try_record("this hint", lambda: s.record("hint", info.id, number=n, **detail))
    lines = [f"[bold yellow]for the mistake your last check named:[/] {escape(text)}" for text in named]
    lines += [f"[bold]hint {i}/{len(info.hints)}[/] {escape(text)}" for i, text in enumerate(info.hints[:n], 1)]
    if not more:
        lines.append(f"[dim]No more hints: all {n} are above, and no new one was counted; drill solution shows "
                     f"the reference.[/]")
    elif n == len(info.hints):
        lines.append("[dim]That was the last hint; drill solution shows the reference.[/]")
    return lines


def solution_text(info: registry.DrillInfo) -> str:
    """The reference solution as `drill solution` and the mock show it: a whole learner's file."""
    return info.reference.read_text(encoding="utf-8")


def solution_heading(info: registry.DrillInfo) -> str:
    return f"{info.id} · {info.title} {info.zh} · the reference solution"


@app.command()
def solution(drill_id: ID):
    """Show the reference solution (recorded as seen).

    Piped, it prints the file as it is, its heading a comment: `drill solution gqa > gqa_ref.py`."""
    info = known(drill_id)
    recorded = try_record("this reveal", lambda: store().record("reveal", info.id))
    if console.is_terminal:
        from rich.syntax import Syntax          # pygments: imported by this command alone
        console.rule(solution_heading(info))
        console.print(Syntax(solution_text(info), "python", line_numbers=True))
    else:
        print(f"# {solution_heading(info)}\n{solution_text(info).rstrip()}")
    if recorded:
        err.print(f"Recorded as seen: drill progress shows {info.id}'s solution as seen.")


@app.command()
def reset(drill_id: ID):
    """Put a fresh stub in your workspace (your file is kept as a backup) and reset the hints."""
    info = known(drill_id)
    writable_home("reset")
    try:
        path = home.workspace() / f"{info.id}.py"
        if path.exists():
            console.print(f"[dim]your file kept as {backup(path)}[/]")
        home.write_atomically(path, info.stub.read_bytes())
    except HomeError as e:
        raise unusable(f"Cannot write your file for {info.id}: {e}.") from None
    except OSError as e:
        raise unusable(f"Cannot write your file for {info.id}: {home.why_not_written(e)}.") from None
    console.print(f"{path} is a fresh stub again.")
    if not try_record("this reset", lambda: store().record("reset", info.id)):
        raise typer.Exit(2)


@app.command()
def progress(as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False):
    """Coverage by topic, pass rate, best times against budgets, reviews, mistakes, history."""
    from grader.views import report
    figures = report.figures(store())
    if as_json:
        print(json.dumps(figures, ensure_ascii=False))
    elif not figures["started"]:
        console.print("Nothing yet: drill start softmax")
    else:
        console.print(progress_view(figures))


@app.command("report")
def html_report(html: Annotated[Path, typer.Option("--html", help="Write a self-contained HTML page here.")]):
    """Write the progress report as one HTML file (no network needed to view it)."""
    from grader.views import html_report as page, report
    text = page.page(report.figures(store()))
    try:
        html.write_text(text, encoding="utf-8")
    except OSError as e:
        raise unusable(f"Cannot write {html}: {e.strerror or e}.") from None
    console.print(f"wrote {html.resolve()}")


@app.command()
def catalogue():
    """Print the catalogue page: every drill's interface, topic, level and oracle (Markdown)."""
    from grader.views.catalogue import page
    print(page(), end="")


@app.command()
def doctor(restore: Annotated[Optional[str], typer.Option("--restore", help="Restore this backup (a file name "
                                                          "from the list).")] = None):
    """Check the progress store, list its backups, and restore one."""
    s = store()
    if restore:
        backup_file = next((b for b in s.backup_files() if b.name == restore or str(b) == restore), None)
        if backup_file is None:
            raise unusable(f"No backup called {restore}: drill doctor lists them.")
        try:
            aside = s.restore(backup_file)
        except StoreError as e:
            raise unusable(str(e)) from None
        console.print(f"Restored {backup_file.name}." + (f" The store it replaced is kept as {aside}." if aside else ""))
        return
    status = s.integrity() if s.path.exists() else "no store yet"
    console.print(f"progress store: {s.path} — [{'green' if status == 'ok' else 'red'}]{escape(status)}[/]"
                  + (" (read-only)" if s.read_only else ""))
    files = s.backup_files()
    if not files:
        console.print(f"no backups yet in {s.backups} (one is taken each day you practise)")
        return
    table = Table(title=f"backups in {s.backups}", title_justify="left")
    for col in ("file", "taken", "events"):
        table.add_column(col)
    for b in reversed(files):
        table.add_row(b.name, time.strftime("%Y-%m-%d %H:%M", time.localtime(b.stat().st_mtime)), count_events(b))
    console.print(table)
    console.print("[dim]drill doctor --restore FILE puts one back (the current store is kept beside it).[/]")


def count_events(path: Path) -> str:
    import sqlite3
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            return str(db.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return "unreadable"


def schedule_table(cards: dict, now: float, until: float | None) -> Table:
    from grader.views import report
    table = titled("reviews", COLUMNS["reviews"])
    for drill_id, c in sorted(cards.items(), key=lambda kv: kv[1]["due"]):
        if until is None or c["due"] <= until:
            table.add_row(drill_id, report.due(c["due"], now), c["rating"], report.when(c["ts"]))
    return table


def suggestions_table(rows: list[tuple[str, str]]) -> Table:
    table = titled("new drills to start", ("id", "title", "why"))
    for drill_id, why in rows:
        info = registry.get(drill_id)
        table.add_row(drill_id, f"{info.title} {info.zh}", why)
    return table


@app.command("next")
def next_reviews(count: Annotated[int, typer.Option(help="New drills to offer when no review is due.", min=1)] = 3):
    """What to practise next: reviews that are due, else new drills.

    Reviews are scheduled with FSRS from your checks' outcomes, soonest first."""
    from grader.learner import schedule
    s, now = store(), time.time()
    cards = s.cards()
    if cards:
        console.print(schedule_table(cards, now, None))
    if any(c["due"] <= now for c in cards.values()):
        return
    new = [(d, why) for d, why in schedule.suggestions(s, after=s.last_touched(), now=now)
           if why.startswith("new")][:count]
    console.print("No review is due now." if cards else "No reviews scheduled yet: they come from your checks.")
    if new:
        console.print(suggestions_table(new))
        console.print(f"[dim]drill start {new[0][0]} starts the first.[/]")
    else:
        console.print("You have started every drill: drill mock for an interview.")


@app.command()
def today():
    """The drills due for review by the end of today."""
    cards = store().cards()
    end = time.mktime(time.localtime()[:3] + (23, 59, 59, 0, 0, -1))
    due = {k: v for k, v in cards.items() if v["due"] <= end}
    if not due:
        upcoming = min(cards.values(), key=lambda c: c["due"], default=None)
        later = f"; next on {time.strftime('%Y-%m-%d', time.localtime(upcoming['due']))}" if upcoming else ""
        console.print(f"Nothing due today{later}. drill next offers new drills.")
        return
    console.print(schedule_table(due, time.time(), end))


def scorecard_table(card: dict) -> Table:
    from grader.views import report
    table = titled(f"mock {card['id']}: {card['passed']}/{card['asked']} passed", COLUMNS["mock"])
    for p in card["problems"]:
        state = report.result(p)
        table.add_row(p["drill"], f"[{'green' if p['passed'] else 'red'}]{state}[/]",
                      clock(p["seconds_to_pass"]), str(p["attempts"]), str(p["hints"]), report.penalty(p),
                      ", ".join(p["failed_checks"]))
    return table


# ---- the mock interview's screen ---------------------------------------------------------------

KEYS = "h hint (+2 min) · s solution · n next · q end · Ctrl-C pause (the clock stops)"
CONFIRM = "Reveal the solution? The problem then counts as not passed. y to reveal, any other key to go on."
LINE = {"j": 1, "down": 1, "k": -1, "up": -1}
PAGE = {" ": 1, "pagedown": 1, "b": -1, "pageup": -1}
CHECKS_SHOWN = 4
BODY_MIN = 4


def lines_of(renderable, width: int) -> int:
    """How many terminal lines `renderable` takes at `width` columns."""
    out = Console(width=width, file=io.StringIO(), highlight=False)
    return len(out.render_lines(renderable, out.options, pad=False))


def mock_body(problem: dict | None, width: int) -> tuple[list[Text], int]:
    """The part of the mock screen that scrolls: the prompt (its example included) and, once
    revealed, the reference, wrapped to `width`. Returns the lines and where the reference starts."""
    if problem is None:
        return [], 0
    info = registry.get(problem["drill"])
    out = Console(width=width, file=io.StringIO())
    lines = list(Text("\n".join(prompt_lines(info.prompt().strip(), width))).wrap(out, width))
    at = len(lines)
    if problem["solution"]:
        lines.append(Text("── the reference solution ──", style="bold"))
        lines += list(Text(solution_text(info).rstrip()).wrap(out, width))
    return lines, at


def mock_view(session: dict, checks: list[Check], grading: bool, notice: str, body: list[Text],
              offset: int, width: int, height: int) -> tuple[Group, int]:
    """The mock screen for a terminal `width` x `height`: the clock, the problems, the prompt (paged
    when it does not fit), the checks, the keys. Returns it and the first prompt line shown."""
    from grader.views import mock
    left = max(0, mock.remaining(session))
    colour = "green" if left > 300 else "yellow" if left > 60 else "red"
    problems = Table(box=None, header_style="bold")
    for col in ("", "problem", "state", "attempts", "hints"):
        problems.add_column(col)
    for i, p in enumerate(session["problems"]):
        problems.add_row("▶" if i == session["current"] else "", p["drill"], p["state"], str(p["attempts"]),
                         str(p["hints"]))
    head = [f"[bold]mock interview[/] · [{colour} bold]{clock(left)}[/] left" +
            (" · [yellow]paused[/]" if session.get("paused_at") else ""), problems]
    problem = mock.active(session)
    if problem:
        info = registry.get(problem["drill"])
        if problem["question"]:
            head.append(f"[bold magenta]Interviewer:[/] {escape(problem['question'])}")
        head.append(f"[bold]{info.title} {info.zh}[/] · edit [bold]{escape(problem['file'])}[/] and save to grade")
    failing = [c for c in checks if c.status in ("fail", "error", "todo")]
    foot = ["[dim]grading …[/]"] if grading else []
    foot += [check_line(c) for c in failing[:CHECKS_SHOWN]]
    if len(failing) > CHECKS_SHOWN:
        foot.append(f"[dim]… and {len(failing) - CHECKS_SHOWN} more failing checks[/]")
    if notice:
        foot.append(f"[yellow]{escape(notice)}[/]")
    foot.append(f"[dim]{KEYS}[/]")
    room = max(BODY_MIN, height - 1 - lines_of(Group(*head, *foot), width))
    if len(body) <= room:
        return Group(*head, *body, *foot), 0
    room -= 1                                          # one line says where in the prompt you are
    offset = max(0, min(offset, len(body) - room))
    where = Text(f"── lines {offset + 1}–{offset + room} of {len(body)} · j/k or ↑/↓ scroll · space/b page ──",
                 style="dim")
    return Group(*head, *body[offset:offset + room], where, *foot), offset


class Interview:
    """A mock interview on screen: keys, saves and verdicts. Each check is started for one problem,
    and its verdict is credited to that problem whatever the learner moved on to meanwhile."""

    def __init__(self, session: dict, s: Store, grade):
        self.session, self.store = session, s
        self.grade = grade                     # grade(drill, file, on_check) -> Verdict
        self.checks: list[Check] = []          # the latest grading's checks, as they arrive
        self.checks_for: int | None = None     # the problem they belong to
        self.grading: int | None = None        # the problem being graded now
        self.thread: threading.Thread | None = None
        self.done: tuple | None = None         # (problem, digest, verdict) when a grading has ended
        self.notice = ""
        self.offset = 0                        # the first line of the prompt shown
        self.to_solution = False

    def announce(self) -> None:
        """Record the start of the active problem once (a resumed interview keeps its start)."""
        from grader.views import mock
        problem = mock.active(self.session)
        if problem and not problem.get("start_recorded"):
            problem["start_recorded"] = True
            try_record("the problem's start",
                       lambda: self.store.record("start", problem["drill"], mock=self.session["id"]))

    def press(self, key: str, page: int = 10) -> None:
        from grader.views import mock
        session, problem = self.session, mock.active(self.session)
        if key in LINE or key in PAGE:
            self.offset = max(0, self.offset + LINE.get(key, 0) + PAGE.get(key, 0) * page)
        elif self.notice == CONFIRM and key not in ("y", ""):
            self.notice = ""
        elif key == "q":
            session["ended"] = time.time()
        elif key == "n":
            mock.advance(session)
            self.notice, self.offset = "", 0
        elif key == "h" and problem:
            info = registry.get(problem["drill"])
            if problem["hints"] < len(info.hints):
                problem["hints"] += 1
                try_record("the hint", lambda: self.store.record("hint", problem["drill"], mock=session["id"]))
            self.notice = " · ".join(info.hints[:problem["hints"]]) or f"{info.id} has no hints."
        elif key == "s" and problem:
            self.notice = CONFIRM
        elif key == "y" and self.notice == CONFIRM and problem:
            problem["solution"] = True
            try_record("the reveal", lambda: self.store.record("reveal", problem["drill"], mock=session["id"]))
            self.notice, self.to_solution = "The reference is below the prompt.", True

    def poll(self) -> None:
        """Start grading the active problem's file when it was saved since it was last graded."""
        from grader.views import mock
        problem = mock.active(self.session)
        if problem is None or self.grading is not None:
            return
        try:
            stamp = Path(problem["file"]).stat().st_mtime_ns
        except OSError:
            return
        if stamp == problem.get("graded"):
            return
        problem["graded"] = stamp
        index = self.session["current"]
        self.grading, self.checks, self.checks_for = index, [], index
        self.thread = threading.Thread(target=self.run_grading, daemon=True,
                                       args=(index, dict(problem), digest_of(Path(problem["file"])), self.checks))
        self.thread.start()

    def run_grading(self, index: int, problem: dict, digest: str | None, checks: list[Check]) -> None:
        try:
            verdict = self.grade(problem["drill"], problem["file"], checks.append)
        except Exception as e:                # the grader could not be reached: not the learner's fault
            verdict = Verdict(problem["drill"], problem["file"], 0, [Check("grading", ERROR, str(e))])
        self.done = (index, digest, verdict)

    def collect(self) -> None:
        """Credit a finished grading to the problem it was started for."""
        from grader.views import mock
        if self.done is None:
            return
        (index, digest, verdict), self.done = self.done, None
        self.grading, self.thread = None, None
        problem = self.session["problems"][index]
        if verdict.status == "error":
            self.notice = "The grader failed, not your code: nothing was counted. Save again to retry."
            return
        failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
        try_record("this check", lambda: record_check(self.store, problem["drill"], verdict, digest, problem["file"]))
        mock.record_check(self.session, index, verdict.status, failed, digest)
        if not verdict.passed:
            return
        if index != self.session["current"]:
            self.notice = f"{problem['drill']} passed: the save you made before moving on."
            return
        if self.session["ended"] or mock.remaining(self.session) <= 0:
            return                             # the interview is over: nothing more is asked
        asked = mock.follow_up(self.session)
        mock.advance(self.session)
        self.checks, self.offset = [], 0
        self.notice = "Passed." + (" The interviewer has a follow-up question." if asked else "")

    def finish(self) -> None:
        """Wait for the verdict on the last save, so that it counts."""
        if self.thread is not None:
            self.thread.join()
        self.collect()

    def view(self, width: int, height: int) -> Group:
        from grader.views import mock
        current = self.session["current"]
        body, solution_at = mock_body(mock.active(self.session), width)
        if self.to_solution:
            self.offset, self.to_solution = solution_at, False
        checks = self.checks if self.checks_for == current else []
        screen, self.offset = mock_view(self.session, list(checks), self.grading == current, self.notice, body,
                                        self.offset, width, height)
        return screen


@app.command("mock")
def mock_interview(drills: Annotated[Optional[list[str]], typer.Argument(
                       metavar="[ID]...", autocompletion=drill_ids,
                       help="Ask these drills (default: ones you have not seen or are weak at).")] = None,
                   minutes_: Annotated[float, typer.Option("--minutes", help="Length of the interview.", min=1)] = 45,
                   count: Annotated[int, typer.Option(help="Problems to ask.", min=1)] = 2,
                   topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None,
                   difficulty: Annotated[Optional[str], typer.Option(help="easy, medium or hard.")] = None,
                   resume: Annotated[bool, typer.Option("--resume", help="Continue the interrupted mock.")] = False):
    """A timed mock interview: problems you haven't seen or are weak at, re-graded on every save."""
    from grader.views import mock
    writable_home("mock")
    s = store()
    session = mock.load()
    if resume and session is None:
        raise unusable("There is no interrupted mock to resume: drill mock starts one.")
    if not resume and session is not None:
        raise unusable("A mock is in progress: drill mock --resume continues it "
                       f"({max(0, mock.remaining(session)) / 60:.0f} min left).")
    if session is None:
        if topic is not None and topic not in registry.TOPICS:
            raise unusable(f"There is no topic {topic!r}: the topics are {', '.join(registry.TOPICS)}.")
        picked = list(dict.fromkeys(known(d).id for d in drills)) if drills else mock.pick(s, count, topic, difficulty)
        if not picked:
            raise unusable("No drills match that topic and difficulty.")
        session = mock.new_session(picked, minutes_)
        mock.save(session)
    run_mock(session, s)


@contextmanager
def hangup_pauses():
    """A closed terminal (SIGHUP) or a kill (SIGTERM) pauses the interview, as Ctrl-C does."""
    def interrupt(*_):
        raise KeyboardInterrupt
    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGHUP, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def run_mock(session: dict, s: Store) -> None:
    from rich.live import Live

    from grader.runtime import client
    from grader.views import mock
    graders = grader_home()
    console.print("[dim]starting the grader …[/]")
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not start ({e}): the interview is kept, paused; drill mock --resume "
                       f"continues it.") from None
    mock.resume(session)                          # the grader's start-up is not charged to the clock
    interview = Interview(session, s, lambda drill, file, on_check: client.grade(drill, file, home=graders,
                                                                                 on_check=on_check))
    with hangup_pauses(), keys() as read_key, Live(console=console, auto_refresh=False, screen=True) as live:
        try:
            while not mock.finished(session):
                interview.announce()
                interview.press(read_key(), page=max(1, console.height // 2))
                interview.poll()
                interview.collect()
                mock.save(session)
                live.update(interview.view(console.width, console.height), refresh=True)
                time.sleep(0.2)
            if interview.grading is not None:
                interview.notice = "Grading your last save before the scorecard …"
                live.update(interview.view(console.width, console.height), refresh=True)
            interview.finish()
            mock.save(session)
        except (KeyboardInterrupt, OSError) as e:     # OSError: the terminal went away mid-write
            mock.pause(session)
            mock.save(session)
            with suppress(OSError):
                live.stop()
                if isinstance(e, OSError):
                    err.print(f"[yellow]{escape(str(e))}[/]")
                console.print("Paused: the clock is stopped. [bold]drill mock --resume[/] continues where you were.")
            return
    if session["ended"] is None and mock.remaining(session) <= 0:
        console.print("[yellow]Time is up: the interview is over, and every problem is scored as it stands.[/]")
    try:
        card = mock.close(session, s)
    except Exception as e:
        err.print(f"[yellow]The scorecard was not recorded ({escape(str(e))}); the interview is kept: "
                  f"drill mock --resume records it.[/]")
        card = mock.scorecard(session)
    console.print(scorecard_table(card))


ESCAPES = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1bOA": "up", b"\x1bOB": "down",
           b"\x1b[5~": "pageup", b"\x1b[6~": "pagedown"}


class keys:
    """Single key presses from a terminal without waiting for Enter; nothing when not a terminal.
    Arrow and page keys come as 'up', 'down', 'pageup', 'pagedown'."""

    def __enter__(self):
        import select
        self.fd = sys.stdin.fileno() if sys.stdin.isatty() else None
        if self.fd is not None:
            import termios
            import tty
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)

        def ready(timeout: float) -> bool:
            return bool(select.select([self.fd], [], [], timeout)[0])

        def read() -> str:
            if self.fd is None or not ready(0):
                return ""
            key = os.read(self.fd, 1)
            if key != b"\x1b":
                return key.decode(errors="ignore").lower()
            while len(key) < 4 and ready(0.02):      # the rest of an escape sequence comes with it
                key += os.read(self.fd, 1)
                if key in ESCAPES:
                    break
            return ESCAPES.get(key, "")
        return read

    def __exit__(self, *exc):
        if self.fd is not None:
            import termios
            with suppress(termios.error):            # the terminal may be gone
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


GRADING_COMMANDS = {"check", "watch", "mock"}


def start_grader_early() -> None:
    """Start the warm grader without waiting for it, so that importing torch there overlaps with
    what comes before the first check."""
    try:
        from grader.runtime import client
        if home.writable():
            client.ensure(home.home(), wait=False)
    except Exception:
        pass                 # the check itself says what is wrong


def main() -> None:
    """Start the warm grader before anything else when the command will grade, so that importing
    torch there overlaps with this process's own start."""
    if len(sys.argv) > 1 and sys.argv[1] in GRADING_COMMANDS and "--help" not in sys.argv:
        start_grader_early()
    try:
        app()
    except (StoreError, HomeError) as e:     # the store failed under a command that reads it: said, not a traceback
        err.print(f"[red]{escape(str(e))}[/]")
        sys.exit(2)
    finally:
        gc.freeze()          # the interpreter's exit then skips collecting what is left: 0.03 s off every command


if __name__ == "__main__":
    main()
