"""The mock interview on screen: the controller that turns keys, saves and verdicts into the
session's state (Interview, driven by tests without a terminal), the screen it draws, and the
terminal's raw keys."""
from __future__ import annotations

import io
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager, suppress
from pathlib import Path

from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from grader import words
from grader.engine.result import ERROR, Check, Verdict
from grader.learner import record, registry
from grader.learner.store import Store
from grader.views import mock
from grader.views.report import clock, result
from grader.views.terminal import check_line, prompt_lines, solution_text, titles
from grader.words import say

# what each question asks (views.interview.confirm_<what>, its {left} the time left)
QUESTIONS = ("solution", "end", "last")
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
    lines = list(Text("\n".join(prompt_lines(info.prompt(words.current()).strip(), width))).wrap(out, width))
    at = len(lines)
    if problem["solution"]:
        lines.append(Text(say("views.interview.reference"), style="bold"))
        lines += list(Text(solution_text(info).rstrip()).wrap(out, width))
    return lines, at


def mock_view(session: dict, checks: list[Check], grading: bool, notice: str, body: list[Text],
              offset: int, width: int, height: int) -> tuple[Group, int]:
    """The mock screen for a terminal `width` x `height`: the clock, the problems, the prompt (paged
    when it does not fit), the checks, the keys. Returns it and the first prompt line shown."""
    left = max(0, mock.remaining(session))
    colour = "green" if left > 300 else "yellow" if left > 60 else "red"
    problems = Table(box=None, header_style="bold")
    for col in ("", "problem", "state", "attempts", "hints"):
        problems.add_column(col and say(f"views.interview.col.{col}"))
    for i, p in enumerate(session["problems"]):
        problems.add_row("▶" if i == session["current"] else "", p["drill"], result({"state": p["state"]}),
                         str(p["attempts"]), str(p["hints"]))
    head = [say("views.interview.clock", left=f"[{colour} bold]{clock(left)}[/]") +
            (f" · [yellow]{say('views.interview.paused')}[/]" if session.get("paused_at") else ""), problems]
    problem = mock.active(session)
    if problem:
        info = registry.get(problem["drill"])
        if problem["question"]:
            question = words.drill(problem.get("asked_by", problem["drill"]), problem["question"])
            head.append(f"[bold magenta]{say('views.interview.interviewer')}[/] {escape(question)}")
        head.append(say("views.interview.edit", titles=escape(titles(info)), file=escape(problem["file"])))
    failing = [c for c in checks if c.status in ("fail", "error", "todo")]
    foot = [f"[dim]{say('views.interview.grading')}[/]"] if grading else []
    foot += [check_line(c, problem["drill"] if problem else "") for c in failing[:CHECKS_SHOWN]]
    if len(failing) > CHECKS_SHOWN:
        foot.append(f"[dim]{say('views.interview.more_failing', n=len(failing) - CHECKS_SHOWN)}[/]")
    if notice:
        foot.append(f"[yellow]{escape(notice)}[/]")
    foot.append(f"[dim]{say('views.interview.keys')}[/]")
    room = max(BODY_MIN, height - 1 - lines_of(Group(*head, *foot), width))
    if len(body) <= room:
        return Group(*head, *body, *foot), 0
    room -= 1                                          # one line says where in the prompt you are
    offset = max(0, min(offset, len(body) - room))
    where = Text(say("views.interview.lines", first=offset + 1, last=offset + room, n=len(body)), style="dim")
    return Group(*head, *body[offset:offset + room], where, *foot), offset


class Interview:
    """A mock interview on screen: keys, saves and verdicts. Each check is started for one problem,
    and its verdict is credited to that problem whatever the learner moved on to meanwhile."""

    def __init__(self, session: dict, s: Store, grade, say=print):
        self.session, self.store = session, s
        self.grade = grade                     # grade(drill, file, on_check) -> Verdict
        self.say = say                         # what could not be recorded, in one sentence
        self.checks: list[Check] = []          # the latest grading's checks, as they arrive
        self.checks_for: int | None = None     # the problem they belong to
        self.grading: int | None = None        # the problem being graded now
        self.thread: threading.Thread | None = None
        self.done: tuple | None = None         # (problem, digest, verdict) when a grading has ended
        self.notice = ""
        self.offset = 0                        # the first line of the prompt shown
        self.to_solution = False
        self.asking = ""                       # the question the next key answers: solution, end, last
        self.body: tuple = ((), None)          # (what it was made for, mock_body's lines): made again on change

    def announce(self) -> None:
        """Record the start of the active problem once (a resumed interview keeps its start)."""
        problem = mock.active(self.session)
        if problem and not problem.get("start_recorded"):
            problem["start_recorded"] = True
            record.attempt(say("views.record.problem_start"),
                           lambda: self.store.record("start", problem["drill"], mock=self.session["id"]), self.say)

    def press(self, key: str, page: int = 10) -> None:
        session, problem = self.session, mock.active(self.session)
        if key in LINE or key in PAGE:
            self.offset = max(0, self.offset + LINE.get(key, 0) + PAGE.get(key, 0) * page)
        elif self.asking and key not in ("y", ""):
            self.notice = self.asking = ""
        elif key == "y" and self.asking in ("end", "last"):
            session["ended"] = time.time()
            self.asking = ""
        elif key == "q":
            self.ask("end")
        elif key == "n" and mock.is_last(session):
            self.ask("last")
        elif key == "n":
            mock.advance(session)
            self.notice, self.offset = "", 0
        elif key == "h" and problem:
            info = registry.get(problem["drill"])
            if problem["hints"] < len(info.hints):
                problem["hints"] += 1
                record.attempt(say("views.record.the_hint"),
                               lambda: self.store.record("hint", problem["drill"], mock=session["id"]), self.say)
            self.notice = " · ".join(words.drill(info.id, h) for h in info.hints[:problem["hints"]]) \
                or say("views.cli.no_hints", drill=info.id)
        elif key == "s" and problem:
            self.ask("solution")
        elif key == "y" and self.asking == "solution" and problem:
            self.asking = ""
            problem["solution"] = True
            record.attempt(say("views.record.the_reveal"),
                           lambda: self.store.record("reveal", problem["drill"], mock=session["id"]), self.say)
            self.notice, self.to_solution = say("views.interview.reference_below"), True

    def ask(self, what: str) -> None:
        """Ask before what cannot be undone (one of QUESTIONS); y answers yes, any other key no."""
        self.asking = what
        self.notice = say(f"views.interview.confirm_{what}", left=clock(max(0, mock.remaining(self.session))))

    def poll(self) -> None:
        """Start grading the active problem's file when it was saved since it was last graded."""
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
                                       args=(index, dict(problem), record.digest_of(problem["file"]), self.checks))
        self.thread.start()

    def run_grading(self, index: int, problem: dict, digest: str | None, checks: list[Check]) -> None:
        try:
            verdict = self.grade(problem["drill"], problem["file"], checks.append)
        except Exception as e:                # the grader could not be reached: not the learner's fault
            verdict = Verdict(problem["drill"], problem["file"], 0, [Check("grading", ERROR, str(e))])
        self.done = (index, digest, verdict)

    def collect(self) -> None:
        """Credit a finished grading to the problem it was started for."""
        if self.done is None:
            return
        (index, digest, verdict), self.done = self.done, None
        self.grading, self.thread = None, None
        problem = self.session["problems"][index]
        if verdict.status == "error":
            self.notice = say("views.interview.grader_failed")
            return
        failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
        record.attempt(say("views.record.this_check"), lambda: record.check(self.store, problem["drill"], verdict, digest, problem["file"]),
                       self.say)
        mock.record_check(self.session, index, verdict.status, failed, digest)
        if not verdict.passed:
            return
        if index != self.session["current"]:
            self.notice = say("views.interview.passed_before", drill=problem["drill"])
            return
        if self.session["ended"] or mock.remaining(self.session) <= 0:
            return                             # the interview is over: nothing more is asked
        asked = mock.follow_up(self.session)
        mock.advance(self.session)
        self.checks, self.offset = [], 0
        self.notice = say("views.interview.passed_follow_up" if asked else "views.interview.passed")

    def finish(self) -> None:
        """Wait for the verdict on the last save, so that it counts."""
        if self.thread is not None:
            self.thread.join()
        self.collect()

    def view(self, width: int, height: int) -> Group:
        current, problem = self.session["current"], mock.active(self.session)
        made_for = (problem and (problem["drill"], problem["solution"]), width, words.current())
        if self.body[0] != made_for:                 # the prompt is read and wrapped once, not on every frame
            self.body = (made_for, mock_body(problem, width))
        body, solution_at = self.body[1]
        if self.to_solution:
            self.offset, self.to_solution = solution_at, False
        checks = self.checks if self.checks_for == current else []
        screen, self.offset = mock_view(self.session, list(checks), self.grading == current, self.notice, body,
                                        self.offset, width, height)
        return screen


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


def run(session: dict, s: Store, grade, console: Console, say) -> bool:
    """Hold the interview on `console` until it is over (True) or paused by Ctrl-C, a closed
    terminal or a kill (False; the session is saved either way, the clock stopped when paused)."""
    from rich.live import Live
    interview = Interview(session, s, grade, say)
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
                interview.notice = say("views.interview.grading_last")
                live.update(interview.view(console.width, console.height), refresh=True)
            interview.finish()
            mock.save(session)
            return True
        except (KeyboardInterrupt, OSError) as e:     # OSError: the terminal went away mid-write
            mock.pause(session)
            mock.save(session)
            with suppress(OSError):
                live.stop()
                if isinstance(e, OSError):
                    say(str(e))
            return False
