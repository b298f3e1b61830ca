"""drill: practise writing ML components by hand, graded against a reference you can trust.

The CLI parses, calls and renders: grading happens in the warm grader's processes
(grader/runtime), what the learner did is recorded by grader/learner/record.py in the progress
store under DRILL_HOME, and what is shown is drawn by grader/views."""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from grader.learner import home, record, registry
from grader.learner.home import HomeError
from grader.learner.store import Store, StoreError
from grader.views import terminal as show
from grader.views.options import plain_options

plain_options()

app = typer.Typer(help="Practise writing ML components by hand: drill start softmax, then drill check.",
                  no_args_is_help=True)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def warn(message: str) -> None:
    """A sentence for the learner that does not stop the command (a note, what was not recorded)."""
    err.print(f"[yellow]{escape(message)}[/]")


def store() -> Store:
    """The progress store, for a command that cannot go on without it (exit 2 when it cannot be opened)."""
    try:
        return record.opened(warn)
    except (StoreError, HomeError) as e:
        raise unusable(str(e)) from None


def try_record(what: str, write) -> bool:
    """Run a write to the store; when it cannot be done, say so (the command's own result stands)."""
    try:
        return record.attempt(what, write, warn)
    except HomeError as e:           # no DRILL_HOME at all: the command cannot go on
        raise unusable(str(e)) from None


def shown(line: str | None) -> None:
    if line is not None:
        console.print(line)


def unusable(message: str) -> typer.Exit:
    """Say in one sentence why the command cannot go on; the command then exits with 2."""
    err.print(f"[red]{escape(message)}[/]", soft_wrap=True)     # one line: the terminal wraps it, not rich
    return typer.Exit(2)


def drill_home() -> Path:
    try:
        return home.home()
    except HomeError as e:
        raise unusable(str(e)) from None


def writable_home(command: str) -> None:
    """Exit 2 unless DRILL_HOME can be made and written, for a command that must write there."""
    path = drill_home()
    if not home.writable():
        raise unusable(f"DRILL_HOME ({path}) is read-only and drill {command} writes there: set DRILL_HOME "
                       f"to a folder you can write.")


def grader_home() -> Path:
    """Where the warm grader keeps its log (home.grader_home)."""
    return home.grader_home(drill_home())


def known(drill_id: str) -> registry.DrillInfo:
    """The drill `drill_id` names (`GQA`, `top-p`, `layer_norm`, `kv cache`), or exit 2 with the
    ids it is closest to."""
    info, close = registry.find(drill_id)
    if info is None:
        hint = f"did you mean {', '.join(close)}?" if close else "drill list shows them all."
        raise unusable(f"There is no drill called {drill_id!r}: {hint}")
    return info


def show_version(value: bool) -> None:
    if value:
        console.print(f"drill {registry.version()}")
        raise typer.Exit()


@app.callback()
def options(version_: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                                   help="Show drill's version and exit.")] = False):
    """Practise writing ML components by hand: drill start softmax, then drill check."""
    record.reopen()


ID = Annotated[str, typer.Argument(metavar="ID", autocompletion=registry.completions,
                                   help="A drill id: drill list shows them (GQA, top-p, kv cache work too).")]


def last_or(what: str):
    return Annotated[Optional[str], typer.Argument(metavar="[ID]", autocompletion=registry.completions,
                                                   help=f"Default: the drill {what}.")]


# ---- commands ---------------------------------------------------------------------------------

@app.command("list")
def list_drills(topic: Annotated[Optional[str], typer.Option(help="Only this topic.")] = None,
                path: Annotated[bool, typer.Option("--path", help="In the order to practise them: foundations "
                                                   "first, easy to hard.")] = False):
    """List the drills with your status and best time.

    Piped, it prints one tab-separated line per drill: id, title, Chinese title, topic, level,
    minutes, status, best (with --path, its place on the path first)."""
    infos = [i for i in (registry.on_path() if path else registry.drills().values())
             if topic is None or i.topic == topic]
    if not infos:
        raise unusable(f"There are no drills in topic {topic!r}: the topics are {', '.join(registry.TOPICS)}.")
    summary = store().summary()
    if console.is_terminal:
        console.print(show.drills_table(infos, summary, console.width, numbered=path))
    else:
        lines = show.drill_lines(infos, summary)
        print("\n".join(f"{n}\t{line}" for n, line in enumerate(lines, 1)) if path else "\n".join(lines))


@app.command()
def start(drill_id: ID,
          fresh: Annotated[bool, typer.Option("--fresh", help="Start over; the old file is kept as a backup.")] = False,
          edit: Annotated[bool, typer.Option("--edit", help="Open the file in $VISUAL, else $EDITOR, else vi.")] = False):
    """Copy the drill's stub into your workspace, show the prompt and start the clock."""
    info = known(drill_id)
    writable_home("start")
    if edit:
        try:
            editor = home.editor_command(os.environ)
        except ValueError as e:
            raise unusable(str(e)) from None
    path, kept, wrote = stub_into_workspace(info, replace=fresh)
    if kept:
        console.print(f"[dim]old file kept as {kept}[/]")
    note = "a fresh copy of the stub" if wrote else "your file from before (drill start --fresh to start over)"
    recorded = try_record("this start", lambda: store().record("start", info.id, fresh=fresh))
    console.rule(f"{info.id} · {info.title} {info.zh} · {info.difficulty} · about {info.minutes} min")
    console.print(Text("\n".join(show.prompt_lines(info.prompt(), console.width))))
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


def stub_into_workspace(info: registry.DrillInfo, replace: bool) -> tuple[Path, Path | None, bool]:
    """home.put_stub, or exit 2 saying why the learner's file could not be written."""
    try:
        return home.put_stub(info.id, info.stub.read_bytes(), replace)
    except HomeError as e:
        raise unusable(f"Cannot write your file for {info.id}: {e}.") from None
    except OSError as e:
        raise unusable(f"Cannot write your file for {info.id}: {home.why_not_written(e)}.") from None


@app.command()
def check(drill_id: last_or("last started") = None,
          file: Annotated[Optional[Path], typer.Option("--file", help="Grade this file as the drill (a scratch check "
                                                       "when it is outside your workspace: not recorded unless "
                                                       "--record).")] = None,
          keep: Annotated[bool, typer.Option("--record", help="Record a scratch check in your progress.")] = False,
          as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
          device: Annotated[str, typer.Option(help="cpu, cuda, mps, all, or auto (real accelerators if present, else emulated).")] = "auto",
          no_speed: Annotated[bool, typer.Option("--no-speed", help="Skip the speed check.")] = False,
          seed: Annotated[Optional[int], typer.Option(help="Repeat a run's random inputs.")] = None,
          every: Annotated[bool, typer.Option("--all", help="Show every check, passing ones too.")] = False):
    """Grade your file: values, gradients, devices, banned calls, speed.

    Failing checks are shown with their detail; passing ones are counted in one line (--all shows
    each)."""
    from grader.runtime import client
    if device not in ("auto", "cpu", "cuda", "mps", "all"):
        raise unusable(f"--device must be one of auto, cpu, cuda, mps, all; got {device!r}.")
    drill_id, info, path = target(drill_id, file)
    graders = grader_home()
    scratch = file is not None and not keep and path.resolve().parent != home.workspace(create=False).resolve()
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
    lines = show.CheckLines(every)
    on_check = None if as_json else (lambda c: shown(lines.line(c)))
    digest = record.digest_of(path)
    try:
        verdict = client.grade(drill_id, path, home=graders, seed=seed, device=device, speed=not no_speed,
                               on_check=on_check, replay=home.writable())
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not run: {e}.") from None
    if as_json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        for line in lines.summary():
            console.print(line)
        console.print(show.verdict_summary(verdict, info))
    if scratch and verdict.status != "error":
        err.print("[dim]A scratch check of a file outside your workspace: not recorded (--record records it).[/]")
    elif record.verdict(drill_id, verdict, digest, path, say=warn) and verdict.passed and not as_json:
        console.print(next_step(drill_id))
    raise typer.Exit(EXIT_CODES.get(verdict.status, 1))


EXIT_CODES = {"pass": 0, "fail": 1, "todo": 1, "error": 3}


def next_step(drill_id: str, start: str = "drill start") -> str:
    """What to do after a pass; `start` is how a drill is started (`%drill start` in a notebook)."""
    from grader.learner import schedule
    return show.next_step(schedule.suggestions(store(), after=drill_id), start)


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
                if console.is_terminal:                 # the last verdict is replaced, not scrolled past
                    console.clear()
                    console.file.write("\x1b[3J")
                console.print(f"[bold]{info.id}[/] · {info.title} {info.zh} · {path}")
                digest = record.digest_of(path)
                lines = show.CheckLines()
                verdict = client.grade(drill_id, path, home=graders,
                                       on_check=lambda c: shown(lines.line(c)), replay=home.writable())
                for line in lines.summary():
                    console.print(line)
                console.print(show.verdict_summary(verdict, info, then="save the file to grade it again"))
                record.verdict(drill_id, verdict, digest, path, say=warn)
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
    for line in show.hint_lines(info, *record.hint(s, info, warn)):
        console.print(line)


@app.command()
def solution(drill_id: ID):
    """Show the reference solution (recorded as seen).

    Piped, it prints the file as it is, its heading a comment: `drill solution gqa > gqa_ref.py`."""
    info = known(drill_id)
    recorded = try_record("this reveal", lambda: store().record("reveal", info.id))
    if console.is_terminal:
        from rich.syntax import Syntax          # pygments: imported by this command alone
        console.rule(show.solution_heading(info))
        console.print(Syntax(show.solution_text(info), "python", line_numbers=True))
    else:
        print(f"# {show.solution_heading(info)}\n{show.solution_text(info).rstrip()}")
    if recorded:
        err.print(f"Recorded as seen: drill progress shows {info.id}'s solution as seen.")


@app.command()
def reset(drill_id: ID):
    """Put a fresh stub in your workspace (your file is kept as a backup) and reset the hints."""
    info = known(drill_id)
    writable_home("reset")
    path, kept, _ = stub_into_workspace(info, replace=True)
    if kept:
        console.print(f"[dim]your file kept as {kept}[/]")
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
        console.print(f"Nothing yet: drill start {registry.PATH[0]} is the first on the path (drill list --path).")
    else:
        console.print(show.progress_view(figures))


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
    """Check your setup (Python, torch, accelerators, the grader, DRILL_HOME, the progress store and
    its backups), each problem with its fix; --restore puts a backup back."""
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
    from grader.runtime import doctor as checkup
    found, torch = checkup.torch_install()
    found = [checkup.python(), found] + ([checkup.accelerators(torch), checkup.grader(grader_home())] if torch else [])
    for finding in found + [checkup.drill_home()] + checkup.store(s):
        console.print(show.finding_line(finding))
    if s.backup_files():
        console.print(show.backups_table(s.backups, s.backup_files()))
        console.print("[dim]drill doctor --restore FILE puts one back (the current store is kept beside it).[/]")
    if any(f.status == checkup.WRONG for f in found):
        raise typer.Exit(1)


@app.command("next")
def next_reviews(count: Annotated[int, typer.Option(help="New drills to offer when no review is due.", min=1)] = 3):
    """What to practise next: reviews that are due, else new drills.

    Reviews are scheduled with FSRS from your checks' outcomes, soonest first."""
    from grader.learner import schedule
    s, now = store(), time.time()
    new = [(d, why) for d, why in schedule.suggestions(s, after=s.last_touched(), now=now)
           if why.startswith("new")][:count]
    for part in show.next_view(s.cards(), new, now):
        console.print(part)


@app.command()
def today():
    """The drills due for review by the end of today."""
    from grader.learner import schedule
    console.print(show.today_view(*schedule.today(store().cards()), time.time()))


@app.command("mock")
def mock_interview(drills: Annotated[Optional[list[str]], typer.Argument(
                       metavar="[ID]...", autocompletion=registry.completions,
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
    picked = list(dict.fromkeys(known(d).id for d in drills)) if drills else None
    try:
        session = mock.begin(s, resume, picked, minutes_, count, topic, difficulty)
    except ValueError as e:
        raise unusable(str(e)) from None
    run_mock(session, s)


def run_mock(session: dict, s: Store) -> None:
    from grader.runtime import client
    from grader.views import interview, mock
    graders = grader_home()
    console.print("[dim]starting the grader …[/]")
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        raise unusable(f"The grader could not start ({e}): the interview is kept, paused; drill mock --resume "
                       f"continues it.") from None
    mock.resume(session)                          # the grader's start-up is not charged to the clock
    grade = lambda drill, file, on_check: client.grade(drill, file, home=graders, on_check=on_check)  # noqa: E731
    if not interview.run(session, s, grade, console, warn):
        with suppress(OSError):                   # the terminal may be gone
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
    console.print(show.scorecard_table(card))


GRADING_COMMANDS = {"check", "watch", "mock"}


def main() -> None:
    """Start the warm grader before anything else when the command will grade, so that importing
    torch there overlaps with this process's own start."""
    if len(sys.argv) > 1 and sys.argv[1] in GRADING_COMMANDS and "--help" not in sys.argv:
        from grader.runtime import client
        client.start_early()
    try:
        app()
    except (StoreError, HomeError) as e:     # the store failed under a command that reads it: said, not a traceback
        err.print(f"[red]{escape(str(e))}[/]")
        sys.exit(2)
    finally:
        gc.freeze()          # the interpreter's exit then skips collecting what is left: 0.03 s off every command


if __name__ == "__main__":
    main()
