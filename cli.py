"""drill: practise writing ML components by hand, graded against a reference you can trust.

The CLI parses and renders. Grading happens in the warm grader's processes (grader.client,
grader.server, grader.sandbox); state lives in
the progress store (grader.store) under DRILL_HOME."""
from __future__ import annotations

import json
import os
from contextlib import closing
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table

from grader import home, registry
from grader.home import HomeError
from grader.result import Check, Verdict
from grader.store import Store, StoreError

app = typer.Typer(help="Practise writing ML components by hand: drill start softmax, then drill check.",
                  no_args_is_help=True, add_completion=False)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)
STYLE = {"pass": "green", "fail": "red", "error": "red", "todo": "yellow", "skipped": "dim"}
MARK = {"pass": "✓", "fail": "✗", "error": "!", "todo": "…", "skipped": "-"}


_store: list[Store] = []


def store() -> Store:
    """The progress store, opened once per command; what its opening repaired is said once."""
    if not _store:
        try:
            _store.append(Store(home.store_path()))
        except (StoreError, HomeError) as e:
            raise unusable(str(e)) from None
        for note in _store[0].notes:
            err.print(f"[yellow]note:[/] {escape(note)}")
    return _store[0]


def try_record(what: str, write) -> bool:
    """Run a write to the store; when it cannot be done, say so plainly (the command's own result
    stands) and return False."""
    try:
        write()
        return True
    except typer.Exit:
        raise
    except Exception as e:          # the store's own errors, sqlite3's, a full disk, ...
        text = str(e) if isinstance(e, (StoreError, HomeError)) else f"{type(e).__name__}: {e}"
        err.print(f"[yellow]{escape(what)} was not recorded:[/] {escape(text)}")
    return False


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
    for col in ("id", "title", "标题", "level", "min", "status", "best"):
        table.add_column(col, no_wrap=col in ("id", "status", "level"), overflow="fold")
    topic = None
    for info in infos:                       # infos come grouped by topic: a heading row for each
        if info.topic != topic:
            if topic is not None:
                table.add_section()
            table.add_row(f"[bold cyan]{info.topic}[/]")
            topic = info.topic
        s = summary.get(info.id)
        status = s["status"] if s else "new"
        colour = {"passed": "green", "attempted": "yellow", "new": "dim"}[status]
        table.add_row(f"  {info.id}", info.title, info.zh, info.difficulty, str(info.minutes),
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


def bar(value: float, top: float, width: int = 20) -> str:
    filled = 0 if not top else round(width * value / top)
    return "█" * filled + "·" * (width - filled)


def progress_view(f: dict) -> Group:
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    head = (f"[bold]{f['passed']}/{f['drills']}[/] drills passed · [bold]{rate}[/] of {f['checks']} checks "
            f"passed · streak [bold]{f['streak_days']}[/] day{'s' * (f['streak_days'] != 1)}")
    topics = Table(title="coverage by topic", title_justify="left", box=None)
    for col in ("topic", "passed", "", "attempted"):
        topics.add_column(col)
    for name, t in f["topics"].items():
        topics.add_row(name, f"{t['passed']}/{t['drills']}", f"[green]{bar(t['passed'], t['drills'])}[/]",
                       str(t["attempted"]))
    drills = Table(title="per drill, weakest first", title_justify="left")
    for col in ("id", "status", "checks", "fails", "hints", "solution", "best", "budget", ""):
        drills.add_column(col)
    for d in f["per_drill"]:
        best = d["best_seconds"]
        over = best is not None and best > d["budget_seconds"]
        drills.add_row(d["id"], d["status"], str(d["checks"]), str(d["fails"]), str(d["hints"]),
                       "seen" if d["revealed"] else "",
                       f"[{'red' if over else 'green'}]{minutes(best)}[/]" if best is not None else "",
                       minutes(d["budget_seconds"]),
                       f"[yellow]{bar(min(best or 0, 2 * d['budget_seconds']), 2 * d['budget_seconds'], 10)}[/]")
    days = " ".join(f"{d['checks']}" for d in f["daily_checks"])
    spark = "".join(" ▁▂▃▄▅▆▇█"[min(8, round(8 * d["checks"] / max(1, max(x["checks"] for x in f["daily_checks"]))))]
                    for d in f["daily_checks"])
    recent = Table(title="recent", title_justify="left", box=None)
    for col in ("when", "drill", "what", "failed"):
        recent.add_column(col)
    for e in f["recent"]:
        recent.add_row(time.strftime("%m-%d %H:%M", time.localtime(e["ts"])), e["drill"],
                       e["kind"] + (f" {e['status']}" if e["status"] else ""), ", ".join(e["failed"]))
    weakest = ", ".join(f["weakest"]) or "none yet"
    mocks = [scorecard_table(card) for card in f["mocks"][-3:]]
    return Group(head, "", topics, "", drills, "", f"checks per day, last 14: {spark}  [dim]({days})[/]",
                 f"weakest: [bold]{weakest}[/]", "", recent, *mocks)


# ---- commands ---------------------------------------------------------------------------------

@app.command("list")
def list_drills(topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None):
    """List the drills with your status and best time."""
    infos = [i for i in registry.drills().values() if topic is None or i.topic == topic]
    if not infos:
        raise unusable(f"No drills in topic {topic!r}; topics: {', '.join(registry.TOPICS)}")
    console.print(drills_table(infos, store().summary()))


@app.command()
def start(drill_id: Annotated[str, typer.Argument(metavar="ID", autocompletion=lambda: list(registry.drills()))],
          fresh: Annotated[bool, typer.Option("--fresh", help="Start over; the old file is kept as a backup.")] = False,
          edit: Annotated[bool, typer.Option("--edit", help="Open the file in $EDITOR.")] = False):
    """Copy the drill's stub into your workspace, show the prompt and start the clock."""
    info = known(drill_id)
    try:
        path = home.workspace() / f"{info.id}.py"
        if path.exists() and fresh:
            console.print(f"[dim]old file kept as {backup(path)}[/]")
        if not path.exists() or fresh or not path.stat().st_size:
            home.write_atomically(path, info.stub.read_bytes())
            note = "a fresh copy of the stub"
        else:
            note = "your file from before (drill start --fresh to start over)"
    except (OSError, HomeError) as e:
        raise unusable(f"Cannot write your file for {info.id}: {getattr(e, 'strerror', None) or e}") from None
    try_record("this start", lambda: store().record("start", info.id, fresh=fresh))
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
    home.write_atomically(target, path.read_bytes())
    return target


@app.command()
def check(drill_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", help="Default: the drill last started.",
                                                            autocompletion=lambda: list(registry.drills()))] = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Grade this file as the drill (a scratch check "
                                                       "when it is outside your workspace: not recorded unless "
                                                       "--record).")] = None,
          record: Annotated[bool, typer.Option("--record", help="Record a scratch check in your progress.")] = False,
          as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
          device: Annotated[str, typer.Option(help="cpu, cuda, mps, all, or auto (real accelerators if present, else emulated).")] = "auto",
          no_speed: Annotated[bool, typer.Option("--no-speed", help="Skip the speed check.")] = False,
          seed: Annotated[Optional[int], typer.Option(help="Repeat a run's random inputs.")] = None):
    """Grade your file: values, gradients, devices, banned calls, speed."""
    from grader import client
    if device not in ("auto", "cpu", "cuda", "mps", "all"):
        raise unusable(f"--device must be one of auto, cpu, cuda, mps, all; got {device!r}")
    drill_id, info, path = target(drill_id, file)
    try:
        grader_home = home.home()
        scratch = file is not None and not record and \
            path.resolve().parent != home.workspace(create=False).resolve()
        if device in ("cuda", "mps") and device not in client.devices(grader_home):
            raise unusable(f"There is no {device} device on this machine: use --device cpu, or leave --device "
                           f"out to emulate one.")
    except HomeError as e:
        raise unusable(str(e)) from None
    if not as_json:
        console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
    on_check = None if as_json else (lambda c: console.print(check_line(c)))
    try:
        verdict = client.grade(drill_id, path, home=grader_home, seed=seed, device=device, speed=not no_speed,
                               on_check=on_check, replay=home.writable())
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not run: {e}") from None
    if as_json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        console.print(verdict_summary(verdict, info))
    if verdict.status == "error":
        err.print("[yellow]Nothing was recorded: the grader failed, not your code.[/]")
    elif scratch:
        err.print("[dim]A scratch check of a file outside your workspace: not recorded (--record records it).[/]")
    else:
        recorded = try_record("this check", lambda: record_check(drill_id, info, verdict, path))
        if recorded and verdict.passed and not as_json:
            console.print(next_step(drill_id))
    raise typer.Exit(EXIT_CODES.get(verdict.status, 1))


EXIT_CODES = {"pass": 0, "fail": 1, "todo": 1, "error": 3}


def next_step(drill_id: str) -> str:
    """What to do after a pass: the next unseen drill of this topic, else a review that is due, else
    the next unseen drill anywhere."""
    from grader import schedule
    following = schedule.suggestions(store(), after=drill_id)
    if not following:
        return "[green]Every drill is passed and nothing is due: drill mock for an interview.[/]"
    drill, why = following[0]
    return f"Next: [bold]drill start {drill}[/] [dim]({why})[/]"


def target(drill_id: str | None, file: Path | None) -> tuple[str, registry.DrillInfo, Path]:
    """The drill to grade (default: the one last started) and the file to grade as it."""
    drill_id = drill_id or store().last_started()
    if drill_id is None:
        raise unusable("No drill given and none started: drill start ID first (drill list shows them).")
    info = known(drill_id)
    if file is not None:
        if not file.is_file():
            raise unusable(f"No file {file}.")
        return info.id, info, file
    try:
        path = home.drill_file(info.id)
    except HomeError as e:
        raise unusable(str(e)) from None
    if not path.is_file():
        raise unusable(f"You have not started {info.id} yet: drill start {info.id} puts its file in your workspace.")
    return info.id, info, path


def record_check(drill_id: str, info: registry.DrillInfo, verdict: Verdict, path: Path) -> list[str]:
    """Store the check and the review it earns; returns the names of the failing checks. Each
    distinct version of the file counts once as an attempt."""
    import hashlib
    from grader import schedule
    s = store()
    failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
    mistakes = {c.name: c.mistake for c in verdict.checks if c.mistake}
    hints = list(dict.fromkeys(c.hint for c in verdict.checks if c.hint))
    digest = hashlib.sha1(path.read_bytes()).hexdigest() if path.is_file() else None
    new = s.record("check", drill_id, status=verdict.status, seconds=verdict.seconds, failed=failed,
                   seed=verdict.seed, file=str(path), mistakes=mistakes, hints=hints, digest=digest)
    if new:
        schedule.after_check(s, drill_id, info.minutes)
    return failed


@app.command()
def watch(drill_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", help="Default: the drill last started.",
                                                            autocompletion=lambda: list(registry.drills()))] = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Watch this file as the drill.")] = None,
          interval: Annotated[float, typer.Option(help="Seconds between looks at the file.")] = 0.25):
    """Re-grade on every save of your file (Ctrl-C stops). The grader stays warm between saves."""
    from grader import client
    drill_id, info, path = target(drill_id, file)
    grader_home = home.home()
    console.print(f"[dim]starting the grader for {path} …[/]")
    client.ensure(grader_home)
    seen = None
    try:
        while True:
            stamp = path.stat().st_mtime_ns if path.exists() else None
            if stamp is not None and stamp != seen:
                seen = stamp
                console.clear()
                console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
                verdict = client.grade(drill_id, path, home=grader_home,
                                       on_check=lambda c: console.print(check_line(c)), replay=home.writable())
                console.print(verdict_summary(verdict, info))
                if verdict.status == "error":
                    console.print("[yellow]Nothing was recorded: the grader failed, not your code.[/]")
                else:
                    try_record("this check", lambda: record_check(drill_id, info, verdict, path))
                console.print(f"[dim]watching {path.name}: save to re-grade, Ctrl-C to stop[/]")
            time.sleep(interval)
    except KeyboardInterrupt:
        console.print("[dim]stopped watching[/]")


@app.command()
def hint(drill_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", help="Default: the drill last started or "
                                                           "checked.", autocompletion=lambda: list(registry.drills()))]
         = None):
    """One more hint each time you ask; the hint for the mistake your last check named comes first."""
    s = store()
    drill_id = drill_id or s.last_touched()
    if drill_id is None:
        raise unusable("No drill given and none started: drill hint ID, or drill start ID first.")
    info = known(drill_id)
    if not info.hints:
        raise unusable(f"{info.id} has no hints.")
    checks = [e for e in s.attempt(info.id) if e["kind"] == "check"]
    named = checks[-1]["detail"].get("hints", []) if checks else []
    n = min(s.hints_taken(info.id) + 1, len(info.hints))
    try_record("this hint", lambda: s.record("hint", info.id, number=n))
    for text in named:
        console.print(f"[bold yellow]for the mistake your last check named[/] {escape(text)}")
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
    try:
        home.write_atomically(path, info.stub.read_bytes())
    except OSError as e:
        raise unusable(f"Cannot write {path}: {e.strerror or e}") from None
    try_record("this reset", lambda: store().record("reset", info.id))
    console.print(f"{path} is a fresh stub again.")


@app.command()
def progress(as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False):
    """Coverage by topic, pass rate, time to pass against each budget, streak, weakest drills, history."""
    from grader import report
    figures = report.figures(store())
    if as_json:
        print(json.dumps(figures, ensure_ascii=False))
    elif not figures["attempted"]:
        console.print("Nothing yet: drill start softmax")
    else:
        console.print(progress_view(figures))


@app.command("report")
def html_report(html: Annotated[Path, typer.Option("--html", help="Write a self-contained HTML page here.")]):
    """Write the progress report as one HTML file (no network needed to view it)."""
    from grader import html_report as page, report
    html.write_text(page.page(report.figures(store())), encoding="utf-8")
    console.print(f"wrote {html.resolve()}")


@app.command()
def catalogue():
    """Print the catalogue page: every drill's interface, topic, level and oracle (Markdown)."""
    from grader.catalogue import page
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
    table = Table(title="reviews", title_justify="left")
    for col in ("id", "due", "last rating"):
        table.add_column(col)
    for drill_id, c in sorted(cards.items(), key=lambda kv: kv[1]["due"]):
        if until is not None and c["due"] > until:
            continue
        when = "now" if c["due"] <= now else time.strftime("%Y-%m-%d", time.localtime(c["due"]))
        table.add_row(drill_id, when, c["rating"])
    return table


@app.command("next")
def next_reviews():
    """The drills due for review, soonest first (FSRS, from your checks' outcomes)."""
    cards = store().cards()
    if not cards:
        console.print("No reviews scheduled yet: pass or fail a drill first (drill start softmax).")
        return
    console.print(schedule_table(cards, time.time(), None))


@app.command()
def today():
    """The drills due for review by the end of today."""
    cards = store().cards()
    end = time.mktime(time.localtime()[:3] + (23, 59, 59, 0, 0, -1))
    due = {k: v for k, v in cards.items() if v["due"] <= end}
    if not due:
        upcoming = min(cards.values(), key=lambda c: c["due"], default=None)
        later = f"; next on {time.strftime('%Y-%m-%d', time.localtime(upcoming['due']))}" if upcoming else ""
        console.print(f"Nothing due today{later}.")
        return
    console.print(schedule_table(due, time.time(), end))


def scorecard_table(card: dict) -> Table:
    table = Table(title=f"mock {card['id']}: {card['passed']}/{card['asked']} passed", title_justify="left")
    for col in ("drill", "passed", "to first pass", "attempts", "hints", "solution", "checks failed"):
        table.add_column(col)
    for p in card["problems"]:
        table.add_row(p["drill"], "[green]yes[/]" if p["passed"] else "[red]no[/]",
                      minutes(p["seconds_to_pass"]), str(p["attempts"]),
                      f"{p['hints']}" + (f" (+{p['hints'] * 2} min)" if p["hints"] else ""),
                      "[red]revealed[/]" if p["solution_revealed"] else "", ", ".join(p["failed_checks"]))
    return table


def mock_view(session: dict, checks: list[Check], grading: bool, notice: str) -> Group:
    from grader import mock
    left = max(0, mock.remaining(session))
    colour = "green" if left > 300 else "yellow" if left > 60 else "red"
    problems = Table(box=None)
    for col in ("", "problem", "state", "attempts", "hints"):
        problems.add_column(col)
    for i, p in enumerate(session["problems"]):
        marker = "▶" if i == session["current"] else ""
        problems.add_row(marker, p["drill"], p["state"], str(p["attempts"]), str(p["hints"]))
    parts = [f"[bold]mock interview[/] · [{colour} bold]{minutes(left)}[/] left", problems]
    problem = mock.active(session)
    if problem:
        info = registry.get(problem["drill"])
        if problem["question"]:
            parts.append(f"[bold magenta]Interviewer:[/] {escape(problem['question'])}")
        parts += [f"[bold]{info.title} {info.zh}[/] · edit [bold]{problem['file']}[/] and save to grade",
                  escape(info.prompt().strip())]
    if grading:
        parts.append("[dim]grading …[/]")
    parts += [check_line(c) for c in checks if c.status not in ("pass",)]
    if notice:
        parts.append(f"[yellow]{escape(notice)}[/]")
    parts.append("[dim]keys: h hint (costs 2 min) · s solution (asks first; the problem then counts as failed) · "
                 "n next · q end · Ctrl-C pause (the clock stops; drill mock --resume)[/]")
    return Group(*parts)


@app.command("mock")
def mock_interview(minutes_: Annotated[float, typer.Option("--minutes", help="Length of the interview.")] = 45,
                   count: Annotated[int, typer.Option(help="Problems to ask.")] = 2,
                   topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None,
                   difficulty: Annotated[Optional[str], typer.Option(help="easy, medium or hard.")] = None,
                   resume: Annotated[bool, typer.Option("--resume", help="Continue the interrupted mock.")] = False):
    """A timed mock interview: problems you haven't seen or are weak at, re-graded on every save."""
    from grader import mock
    s = store()
    session = mock.load()
    if resume and session is None:
        raise unusable("No interrupted mock to resume: drill mock starts one.")
    if not resume and session is not None:
        raise unusable("A mock is in progress: drill mock --resume continues it "
                       f"({max(0, mock.remaining(session)) / 60:.0f} min left).")
    if session is None:
        picked = mock.pick(s, count, topic, difficulty)
        if not picked:
            raise unusable("No drills match that topic and difficulty.")
        session = mock.new_session(picked, minutes_)
        mock.save(session)
    run_mock(session, s)


def run_mock(session: dict, s: Store) -> None:
    import threading
    from rich.live import Live
    from grader import client, mock
    grader_home = home.home()
    console.print("[dim]starting the grader …[/]")
    client.ensure(grader_home)
    mock.resume(session)                          # the grader's start-up is not charged to the clock
    state = {"checks": [], "grading": None, "notice": "", "done": None}
    announced: set[int] = set()

    def grade(index, problem):
        """Grade one problem's file; the verdict belongs to that problem whatever happens meanwhile."""
        checks = []
        state["checks"] = checks
        verdict = client.grade(problem["drill"], problem["file"], home=grader_home, on_check=checks.append)
        state["done"] = (index, verdict)

    seen = {}
    with keys() as read_key, Live(console=console, refresh_per_second=4, auto_refresh=False) as live:
        try:
            while not mock.finished(session):
                problem = mock.active(session)
                if session["current"] not in announced:
                    announced.add(session["current"])
                    try_record("the problem's start", lambda: s.record("start", problem["drill"], mock=session["id"]))
                key = read_key()
                if state["notice"].startswith(CONFIRM) and key not in ("y", ""):
                    state["notice"] = ""
                elif key == "q":
                    session["ended"] = time.time()
                elif key == "n":
                    mock.advance(session)
                    state["checks"], state["notice"] = [], ""
                elif key == "h":
                    info = registry.get(problem["drill"])
                    if problem["hints"] < len(info.hints):
                        problem["hints"] += 1
                        try_record("the hint", lambda: s.record("hint", problem["drill"], mock=session["id"]))
                    state["notice"] = " · ".join(info.hints[:problem["hints"]])
                elif key == "s":
                    state["notice"] = CONFIRM
                elif key == "y" and state["notice"] == CONFIRM:
                    problem["solution"] = True
                    try_record("the reveal", lambda: s.record("reveal", problem["drill"], mock=session["id"]))
                    state["notice"] = registry.get(problem["drill"]).reference.read_text()
                path = Path(problem["file"]) if problem else None
                stamp = path.stat().st_mtime_ns if path and path.exists() else None
                index = session["current"]
                if problem and state["grading"] is None and stamp != seen.get(index, stamp):
                    state["grading"] = index
                    threading.Thread(target=grade, args=(index, dict(problem)), daemon=True).start()
                if problem and stamp is not None and state["grading"] != index:
                    seen[index] = stamp
                if state["done"] is not None:
                    index, verdict = state["done"]
                    state["done"], state["grading"] = None, None
                    graded = session["problems"][index]
                    failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
                    if verdict.status != "error":
                        try_record("this check", lambda: record_check(graded["drill"], registry.get(graded["drill"]),
                                                                     verdict, Path(graded["file"])))
                        mock.record_check(session, index, verdict.status, failed)
                    if verdict.passed and index == session["current"]:
                        asked = mock.follow_up(session)
                        mock.advance(session)
                        state["checks"] = []
                        state["notice"] = "Passed." + (" A follow-up question is next." if asked else "")
                mock.save(session)
                live.update(mock_view(session, state["checks"] if state["grading"] in (None, session["current"])
                                      else [], state["grading"] == session["current"], state["notice"]), refresh=True)
                time.sleep(0.2)
        except KeyboardInterrupt:
            mock.pause(session)
            mock.save(session)
            live.stop()
            console.print("Paused: the clock is stopped. [bold]drill mock --resume[/] continues where you were.")
            return
    if mock.remaining(session) <= 0 and not session["ended"]:
        console.print("[yellow]Time is up: the interview is over, and every problem is scored as it stands.[/]")
    try:
        card = mock.close(session, s)
    except Exception as e:
        err.print(f"[yellow]The scorecard was not recorded ({escape(str(e))}); the interview is kept: "
                  f"drill mock --resume records it.[/]")
        card = mock.scorecard(session)
    console.print(scorecard_table(card))


CONFIRM = "Reveal the solution? The problem then counts as not passed. y to reveal, any other key to go on."


class keys:
    """Single key presses from a terminal without waiting for Enter; nothing when not a terminal."""

    def __enter__(self):
        import select
        self.fd = sys.stdin.fileno() if sys.stdin.isatty() else None
        if self.fd is not None:
            import termios
            import tty
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)

        def read() -> str:
            if self.fd is None or not select.select([self.fd], [], [], 0)[0]:
                return ""
            return os.read(self.fd, 1).decode(errors="ignore").lower()
        return read

    def __exit__(self, *exc):
        if self.fd is not None:
            import termios
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


GRADING_COMMANDS = {"check", "watch", "mock"}


def main() -> None:
    """Start the warm grader before anything else when the command will grade, so that importing
    torch there overlaps with this process's own start."""
    if len(sys.argv) > 1 and sys.argv[1] in GRADING_COMMANDS and "--help" not in sys.argv:
        try:
            from grader import client
            if home.writable():
                client.ensure(home.home(), wait=False)
        except Exception:
            pass                 # the command itself says what is wrong
    app()


if __name__ == "__main__":
    main()
