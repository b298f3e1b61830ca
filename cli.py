"""drill: practise writing ML components by hand, graded against a reference you can trust.

The CLI parses and renders. Grading happens in a child process (grader.sandbox); state lives in
the progress store (grader.store) under DRILL_HOME."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table

from grader import home, registry
from grader.result import Check, Verdict
from grader.store import Store

app = typer.Typer(help="Practise writing ML components by hand: drill start softmax, then drill check.",
                  no_args_is_help=True, add_completion=False)
console = Console(highlight=False)
STYLE = {"pass": "green", "fail": "red", "error": "red", "todo": "yellow", "skipped": "dim"}
MARK = {"pass": "✓", "fail": "✗", "error": "!", "todo": "…", "skipped": "-"}


def store() -> Store:
    return Store(home.store_path())


def unusable(message: str) -> typer.Exit:
    console.print(f"[red]{escape(message)}[/]")
    return typer.Exit(2)


def known(drill_id: str) -> registry.DrillInfo:
    info = registry.get(drill_id)
    if info is None:
        close = [d for d in registry.drills() if drill_id in d or d in drill_id]
        hint = f" Did you mean {', '.join(close)}?" if close else " `drill list` shows them all."
        raise unusable(f"No drill called {drill_id!r}.{hint}")
    return info


def minutes(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


# ---- renderers: pure functions from data to Rich renderables ----------------------------------

def drills_table(infos, summary: dict) -> Table:
    table = Table(title="drills", title_justify="left")
    for col in ("id", "title", "标题", "topic", "level", "min", "status", "best"):
        table.add_column(col, no_wrap=col in ("id", "status"))
    for info in infos:
        s = summary.get(info.id)
        status = s["status"] if s else "new"
        colour = {"passed": "green", "attempted": "yellow", "new": "dim"}[status]
        table.add_row(info.id, info.title, info.zh, info.topic, info.difficulty, str(info.minutes),
                      f"[{colour}]{status}[/]", minutes(s and s["best"]))
    return table


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


def verdict_summary(verdict: Verdict, info: registry.DrillInfo) -> Panel:
    if verdict.status == "pass":
        body, colour = f"[bold green]Passed[/] {info.id} — {info.title} {info.zh}", "green"
    elif verdict.status == "todo":
        body, colour = (f"[bold yellow]Not started[/]: fill in the TODO in {escape(verdict.file)}, "
                        f"then run drill check again."), "yellow"
    else:
        failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
        body, colour = f"[bold red]Failed[/]: {', '.join(failed)}", "red"
    body += f"\n[dim]seed {verdict.seed} (drill check --seed {verdict.seed} repeats it) · {verdict.seconds:.1f} s[/]"
    if verdict.output_bytes:
        shown = verdict.output[:1500]
        more = f"\n… {verdict.output_bytes:,} bytes in all" if verdict.output_bytes > len(shown) else ""
        body += f"\n[dim]your code printed:[/]\n{escape(shown)}{more}"
    return Panel(body, border_style=colour, expand=False)


def progress_table(infos, summary: dict) -> Table:
    table = Table(title="progress", title_justify="left")
    for col in ("id", "status", "checks", "passes", "best", "budget", "hints", "solution seen", "last"):
        table.add_column(col)
    for info in infos:
        s = summary.get(info.id)
        if not s:
            continue
        table.add_row(info.id, s["status"], str(s["checks"]), str(s["passes"]), minutes(s["best"]),
                      f"{info.minutes}:00", str(s["hints"]), "yes" if s["revealed"] else "",
                      time.strftime("%Y-%m-%d %H:%M", time.localtime(s["last"])))
    return table


# ---- commands ---------------------------------------------------------------------------------

@app.command("list")
def list_drills(topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None):
    """List the drills with your status and best time."""
    infos = [i for i in registry.drills().values() if topic is None or i.topic == topic]
    if not infos:
        raise unusable(f"No drills in topic {topic!r}; topics: {', '.join(registry.TOPICS)}")
    console.print(drills_table(infos, store().summary()))


@app.command()
def start(drill_id: Annotated[str, typer.Argument(metavar="ID")],
          fresh: Annotated[bool, typer.Option("--fresh", help="Start over; the old file is kept as a backup.")] = False,
          edit: Annotated[bool, typer.Option("--edit", help="Open the file in $EDITOR.")] = False):
    """Copy the drill's stub into your workspace, show the prompt and start the clock."""
    info = known(drill_id)
    path = home.drill_file(drill_id)
    if path.exists() and fresh:
        console.print(f"[dim]old file kept as {backup(path)}[/]")
    if not path.exists() or fresh:
        shutil.copyfile(info.stub, path)
        note = "a fresh copy of the stub"
    else:
        note = "your file from before (drill start --fresh to start over)"
    store().record("start", drill_id, fresh=fresh)
    console.rule(f"{info.id} · {info.title} {info.zh} · {info.difficulty} · about {info.minutes} min")
    console.print(escape(info.prompt()), soft_wrap=True)
    console.rule()
    console.print(f"Edit [bold]{path}[/] ({note}), then run [bold]drill check[/].")
    if edit:
        subprocess.call([os.environ.get("EDITOR", "vi"), str(path)])


def backup(path: Path) -> Path:
    folder = path.parent / "backups"
    folder.mkdir(exist_ok=True)
    target = folder / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**6}.py"
    shutil.copyfile(path, target)
    return target


@app.command()
def check(drill_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", help="Default: the drill last started.")] = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Grade this file as the drill.")] = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
          device: Annotated[str, typer.Option(help="cpu, cuda, mps, all, or auto (real accelerators if present, else emulated).")] = "auto",
          no_speed: Annotated[bool, typer.Option("--no-speed", help="Skip the speed check.")] = False,
          seed: Annotated[Optional[int], typer.Option(help="Repeat a run's random inputs.")] = None):
    """Grade your file: values, gradients, devices, banned calls, speed."""
    from grader import sandbox
    drill_id = drill_id or store().last_started()
    if drill_id is None:
        raise unusable("No drill given and none started: drill start ID first (drill list shows them).")
    info = known(drill_id)
    if device not in ("auto", "cpu", "cuda", "mps", "all"):
        raise unusable(f"--device must be one of auto, cpu, cuda, mps, all; got {device!r}")
    path = file or home.drill_file(drill_id)
    if not path.is_file():
        raise unusable(f"No file {path}: run drill start {drill_id} first, or give --file.")
    if not as_json:
        console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
    on_check = None if as_json else (lambda c: console.print(check_line(c)))
    verdict = sandbox.grade(drill_id, path, seed=seed, device=device, speed=not no_speed, on_check=on_check)
    failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
    store().record("check", drill_id, status=verdict.status, seconds=verdict.seconds, failed=failed,
                   seed=verdict.seed, file=str(path))
    if as_json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        console.print(verdict_summary(verdict, info))
    raise typer.Exit(0 if verdict.passed else 1)


@app.command()
def hint(drill_id: Annotated[str, typer.Argument(metavar="ID")]):
    """Show one more hint each time you ask."""
    info = known(drill_id)
    s = store()
    n = min(s.hints_taken(drill_id) + 1, len(info.hints))
    if not info.hints:
        raise unusable(f"{drill_id} has no hints.")
    s.record("hint", drill_id, number=n)
    for i, text in enumerate(info.hints[:n], 1):
        console.print(f"[bold]hint {i}/{len(info.hints)}[/] {escape(text)}")
    if n == len(info.hints):
        console.print("[dim]That was the last hint; drill solution shows the reference.[/]")


@app.command()
def solution(drill_id: Annotated[str, typer.Argument(metavar="ID")]):
    """Show the reference solution (recorded as revealed)."""
    info = known(drill_id)
    store().record("reveal", drill_id)
    console.print(Syntax(info.reference.read_text(encoding="utf-8"), "python", line_numbers=True))


@app.command()
def reset(drill_id: Annotated[str, typer.Argument(metavar="ID")]):
    """Put a fresh stub in your workspace (your file is kept as a backup) and reset the hints."""
    info = known(drill_id)
    path = home.drill_file(drill_id)
    if path.exists():
        console.print(f"[dim]your file kept as {backup(path)}[/]")
    shutil.copyfile(info.stub, path)
    store().record("reset", drill_id)
    console.print(f"{path} is a fresh stub again.")


@app.command()
def progress():
    """Your history per drill."""
    summary = store().summary()
    if not summary:
        console.print("Nothing yet: drill start softmax")
        return
    console.print(progress_table(registry.drills().values(), summary))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
