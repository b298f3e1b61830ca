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

from grader import words
from grader.learner import home, record, registry, settings
from grader.learner.home import HomeError
from grader.learner.store import Store, StoreError
from grader.views import help as localized
from grader.views import terminal as show
from grader.views.options import plain_options
from grader.words import say

plain_options()


class App(localized.Localized):
    """The app: its language is decided before anything is parsed, its help given in it."""
    tip: str | None = None          # the language the locale suggests, when nothing chose one

    @staticmethod
    def decide(args: list[str]) -> str:
        App.tip = settings.suggestion(args)
        return settings.language(args)


app = typer.Typer(cls=App, no_args_is_help=True)
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
        raise unusable(say("views.cli.read_only_home", path=path, command=command))


def grader_home() -> Path:
    """Where the warm grader keeps its log (home.grader_home)."""
    return home.grader_home(drill_home())


def known(drill_id: str) -> registry.DrillInfo:
    """The drill `drill_id` names (`GQA`, `top-p`, `layer_norm`, `kv cache`), or exit 2 with the
    ids it is closest to."""
    info, close = registry.find(drill_id)
    if info is None:
        hint = say("views.cli.did_you_mean", ids=", ".join(close)) if close else say("views.cli.list_shows_all")
        raise unusable(say("views.cli.no_such_drill", drill=repr(drill_id), hint=hint))
    return info


def show_version(value: bool) -> None:
    if value:
        console.print(f"drill {registry.version()}")
        raise typer.Exit()


def locale_tip() -> None:
    """One line, in the language the locale suggests, saying how to switch to it (never switched)."""
    if App.tip:
        err.print(f"[dim]{escape(say('views.cli.locale_tip', App.tip))}[/]")


@app.callback()
def options(version_: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True)] = False,
            lang: Annotated[Optional[str], typer.Option("--lang", metavar="en|zh")] = None):
    record.reopen()


ID = Annotated[str, typer.Argument(metavar="ID", autocompletion=registry.completions)]
LAST = Annotated[Optional[str], typer.Argument(metavar="[ID]", autocompletion=registry.completions)]


# ---- commands ---------------------------------------------------------------------------------

@app.command("list")
def list_drills(topic: Annotated[Optional[str], typer.Option()] = None,
                path: Annotated[bool, typer.Option("--path")] = False):
    infos = [i for i in (registry.on_path() if path else registry.drills().values())
             if topic is None or i.topic == topic]
    if not infos:
        raise unusable(say("views.cli.no_topic", topic=repr(topic), topics=", ".join(registry.TOPICS)))
    summary = store().summary()
    locale_tip()
    if console.is_terminal:
        console.print(show.drills_table(infos, summary, console.width, numbered=path))
    else:
        lines = show.drill_lines(infos, summary)
        print("\n".join(f"{n}\t{line}" for n, line in enumerate(lines, 1)) if path else "\n".join(lines))


@app.command()
def start(drill_id: ID,
          fresh: Annotated[bool, typer.Option("--fresh")] = False,
          edit: Annotated[bool, typer.Option("--edit")] = False):
    info = known(drill_id)
    writable_home("start")
    if edit:
        try:
            editor = home.editor_command(os.environ)
        except ValueError as e:
            raise unusable(str(e)) from None
    path, kept, wrote = stub_into_workspace(info, replace=fresh)
    if kept:
        console.print(f"[dim]{escape(say('views.cli.old_file_kept', path=kept))}[/]")
    recorded = try_record(say("views.record.this_start"), lambda: store().record("start", info.id, fresh=fresh))
    console.rule(show.start_heading(info))
    console.print(Text("\n".join(show.prompt_lines(info.prompt(words.current()), console.width))))
    console.rule()
    console.print(say("views.cli.edit_then_check", path=escape(str(path)),
                      note=say("views.cli.fresh_stub" if wrote else "views.cli.file_from_before")))
    if edit:
        try:
            subprocess.call([*editor, str(path)])
        except OSError as e:
            raise unusable(say("views.cli.editor_failed", editor=editor[0], why=e.strerror or e, path=path)) from None
    if not recorded:
        raise typer.Exit(2)                  # the file is there, but the clock did not start


def stub_into_workspace(info: registry.DrillInfo, replace: bool) -> tuple[Path, Path | None, bool]:
    """home.put_stub, or exit 2 saying why the learner's file could not be written."""
    try:
        return home.put_stub(info.id, info.stub_in(words.current()).read_bytes(), replace)
    except HomeError as e:
        raise unusable(say("views.cli.cannot_write_file", drill=info.id, why=e)) from None
    except OSError as e:
        raise unusable(say("views.cli.cannot_write_file", drill=info.id, why=home.why_not_written(e))) from None


@app.command()
def check(drill_id: LAST = None,
          file: Annotated[Optional[Path], typer.Option("--file")] = None,
          keep: Annotated[bool, typer.Option("--record")] = False,
          as_json: Annotated[bool, typer.Option("--json")] = False,
          device: Annotated[str, typer.Option()] = "auto",
          no_speed: Annotated[bool, typer.Option("--no-speed")] = False,
          seed: Annotated[Optional[int], typer.Option()] = None,
          every: Annotated[bool, typer.Option("--all")] = False):
    from grader.runtime import client
    if device not in ("auto", "cpu", "cuda", "mps", "all"):
        raise unusable(say("views.cli.bad_device", device=repr(device)))
    drill_id, info, path = target(drill_id, file)
    graders = grader_home()
    scratch = file is not None and not keep and path.resolve().parent != home.workspace(create=False).resolve()
    if device in ("cuda", "mps"):
        try:
            present = client.devices(graders)
        except (OSError, RuntimeError) as e:
            raise unusable(say("views.cli.grader_not_started", why=e)) from None
        if device not in present:
            raise unusable(say("views.cli.no_device", device=device))
    if not as_json:
        console.print(show.heading(info, path))
    lines = show.CheckLines(every, info.id)
    on_check = None if as_json else (lambda c: shown(lines.line(c)))
    digest = record.digest_of(path)
    try:
        verdict = client.grade(drill_id, path, home=graders, seed=seed, device=device, speed=not no_speed,
                               on_check=on_check, replay=home.writable())
    except (OSError, RuntimeError) as e:
        raise unusable(say("views.cli.grader_not_run", why=e)) from None
    if as_json:
        print(json.dumps(show.verdict_json(verdict), ensure_ascii=False))
    else:
        for line in lines.summary():
            console.print(line)
        console.print(show.verdict_summary(verdict, info))
    if scratch and verdict.status != "error":
        err.print(f"[dim]{say('views.cli.scratch_not_recorded')}[/]")
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
            raise unusable(say("views.cli.which_drill", file=file))
        if drill_id is None:
            raise unusable(say("views.cli.none_started"))
    info = known(drill_id)
    if file is not None:
        if file.is_dir():
            raise unusable(say("views.cli.is_folder", file=file))
        if not file.is_file():
            raise unusable(say("views.cli.no_file", file=file))
        return info.id, info, file
    drill_home()
    path = home.drill_file(info.id)
    if not path.is_file():
        raise unusable(say("views.cli.not_started_yet", drill=info.id))
    return info.id, info, path


@app.command()
def watch(drill_id: LAST = None,
          file: Annotated[Optional[Path], typer.Option("--file")] = None,
          interval: Annotated[float, typer.Option()] = 0.25):
    from grader.runtime import client
    drill_id, info, path = target(drill_id, file)
    graders = grader_home()
    console.print(f"[dim]{escape(say('views.cli.starting_grader_for', path=path))}[/]")
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        raise unusable(say("views.cli.grader_not_started", why=e)) from None
    seen = None
    try:
        while True:
            stamp = path.stat().st_mtime_ns if path.exists() else None
            if stamp is not None and stamp != seen:
                seen = stamp
                if console.is_terminal:                 # the last verdict is replaced, not scrolled past
                    console.clear()
                    console.file.write("\x1b[3J")
                console.print(show.heading(info, path))
                digest = record.digest_of(path)
                lines = show.CheckLines(drill_id=info.id)
                verdict = client.grade(drill_id, path, home=graders,
                                       on_check=lambda c: shown(lines.line(c)), replay=home.writable())
                for line in lines.summary():
                    console.print(line)
                console.print(show.verdict_summary(verdict, info, then=say("views.cli.save_to_grade")))
                record.verdict(drill_id, verdict, digest, path, say=warn)
                console.print(f"[dim]{escape(say('views.cli.watching', file=path.name))}[/]")
            time.sleep(interval)
    except KeyboardInterrupt:
        console.print(f"[dim]{say('views.cli.stopped_watching')}[/]")


@app.command()
def hint(drill_id: LAST = None):
    s = store()
    drill_id = drill_id or s.last_touched()
    if drill_id is None:
        raise unusable(say("views.cli.hint_none_started"))
    info = known(drill_id)
    if not info.hints:
        raise unusable(say("views.cli.no_hints", drill=info.id))
    console.print(show.heading(info))
    for line in show.hint_lines(info, *record.hint(s, info, warn)):
        console.print(line)


@app.command()
def solution(drill_id: ID):
    info = known(drill_id)
    recorded = try_record(say("views.record.this_reveal"), lambda: store().record("reveal", info.id))
    if console.is_terminal:
        from rich.syntax import Syntax          # pygments: imported by this command alone
        console.rule(show.solution_heading(info))
        console.print(Syntax(show.solution_text(info), "python", line_numbers=True))
    else:
        print(f"# {show.solution_heading(info)}\n{show.solution_text(info).rstrip()}")
    if recorded:
        err.print(say("views.cli.solution_recorded", drill=info.id))


@app.command()
def reset(drill_id: ID):
    info = known(drill_id)
    writable_home("reset")
    path, kept, _ = stub_into_workspace(info, replace=True)
    if kept:
        console.print(f"[dim]{escape(say('views.cli.your_file_kept', path=kept))}[/]")
    console.print(escape(say("views.cli.fresh_again", path=path)))
    if not try_record(say("views.record.this_reset"), lambda: store().record("reset", info.id)):
        raise typer.Exit(2)


@app.command()
def progress(as_json: Annotated[bool, typer.Option("--json")] = False):
    from grader.views import report
    figures = report.figures(store())
    if as_json:
        print(json.dumps(report.said(figures), ensure_ascii=False))
    elif not figures["started"]:
        console.print(say("views.cli.nothing_yet", drill=registry.PATH[0]))
    else:
        console.print(show.progress_view(figures))


@app.command("report")
def html_report(html: Annotated[Path, typer.Option("--html")]):
    from grader.views import html_report as page, report
    text = page.page(report.figures(store()))
    try:
        html.write_text(text, encoding="utf-8")
    except OSError as e:
        raise unusable(say("views.cli.cannot_write", path=html, why=e.strerror or e)) from None
    console.print(escape(say("views.cli.wrote", path=html.resolve())))


@app.command()
def catalogue():
    from grader.views.catalogue import page
    print(page(), end="")


@app.command()
def doctor(restore: Annotated[Optional[str], typer.Option("--restore")] = None):
    s = store()
    if restore:
        backup_file = next((b for b in s.backup_files() if b.name == restore or str(b) == restore), None)
        if backup_file is None:
            raise unusable(say("views.cli.no_backup", name=restore))
        try:
            aside = s.restore(backup_file)
        except StoreError as e:
            raise unusable(str(e)) from None
        console.print(escape(say("views.cli.restored_aside" if aside else "views.cli.restored", name=backup_file.name,
                                 aside=aside)))
        return
    locale_tip()
    from grader.runtime import doctor as checkup
    found, torch = checkup.torch_install()
    found = [checkup.python(), found] + ([checkup.accelerators(torch), checkup.grader(grader_home())] if torch else [])
    for finding in found + [checkup.drill_home()] + checkup.store(s):
        console.print(show.finding_line(finding))
    if s.backup_files():
        console.print(show.backups_table(s.backups, s.backup_files()))
        console.print(f"[dim]{say('views.cli.restore_how')}[/]")
    if any(f.status == checkup.WRONG for f in found):
        raise typer.Exit(1)


@app.command()
def config(key: Annotated[str, typer.Argument(metavar="lang")],
           value: Annotated[Optional[str], typer.Argument(metavar="[en|zh]")] = None):
    if key != "lang":
        raise unusable(say("views.cli.no_setting", setting=repr(key)))
    if value is None:
        console.print(show.language_view(settings.stored_language(), settings.path()))
        return
    try:
        lang = settings.store_language(value)
    except ValueError:
        raise unusable(say("views.help.unknown_language", languages=" / ".join(words.LANGUAGES))) from None
    except (HomeError, OSError) as e:
        raise unusable(say("views.cli.cannot_store", path=settings.path(), why=getattr(e, "strerror", None) or e)) from None
    console.print(show.language_set(lang, settings.language([])))


@app.command("next")
def next_reviews(count: Annotated[int, typer.Option(min=1)] = 3):
    from grader.learner import schedule
    s, now = store(), time.time()
    cards = s.cards()
    new = [(d, why) for d, why in schedule.suggestions(s, after=s.last_touched(), now=now) if d not in cards][:count]
    for part in show.next_view(cards, new, now):
        console.print(part)


@app.command()
def today():
    from grader.learner import schedule
    console.print(show.today_view(*schedule.today(store().cards()), time.time()))


@app.command("mock")
def mock_interview(drills: Annotated[Optional[list[str]], typer.Argument(
                       metavar="[ID]...", autocompletion=registry.completions)] = None,
                   minutes_: Annotated[float, typer.Option("--minutes", min=1)] = 45,
                   count: Annotated[int, typer.Option(min=1)] = 2,
                   topic: Annotated[Optional[str], typer.Option()] = None,
                   difficulty: Annotated[Optional[str], typer.Option()] = None,
                   resume: Annotated[bool, typer.Option("--resume")] = False):
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
    console.print(f"[dim]{say('views.cli.starting_grader')}[/]")
    try:
        client.ensure(graders)
    except (OSError, RuntimeError) as e:
        raise unusable(say("views.cli.mock_grader_not_started", why=e)) from None
    mock.resume(session)                          # the grader's start-up is not charged to the clock
    grade = lambda drill, file, on_check: client.grade(drill, file, home=graders, on_check=on_check)  # noqa: E731
    if not interview.run(session, s, grade, console, warn):
        with suppress(OSError):                   # the terminal may be gone
            console.print(say("views.cli.mock_paused"))
        return
    if session["ended"] is None and mock.remaining(session) <= 0:
        console.print(f"[yellow]{say('views.cli.time_is_up')}[/]")
    try:
        card = mock.close(session, s)
    except Exception as e:
        err.print(f"[yellow]{escape(say('views.cli.scorecard_not_recorded', why=e))}[/]")
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
