"""Mock interviews: the whole interview in a real terminal (tmux), then its rules one at a time with
a grader the test controls (so that what happens while a check runs is decided, not raced)."""
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import uuid

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cli
from grader import words
from grader.runtime import client
from grader.views import mock
from grader.learner import registry
from grader.learner.home import store_path
from grader.engine.result import Check, Verdict
from grader.learner.store import Store
from grader.views import interview as on_screen
from grader.views import terminal as show
from grader.words import say
from tests import procs

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Terminal:
    """A terminal of its own (a tmux server) running one drill command."""

    def __init__(self, home, width=80, height=24):
        self.socket = f"drill-{uuid.uuid4().hex[:8]}"
        self.home, self.width, self.height = home, width, height

    def run(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True)

    def open(self, *drill_args):
        command = " ".join([sys.executable, str(registry.ROOT / "cli.py"), *drill_args])
        self.run("new-session", "-d", "-s", "t", "-x", str(self.width), "-y", str(self.height),
                 "-e", f"DRILL_HOME={self.home}", "-e", f"COLUMNS={self.width}", "-e", f"LINES={self.height}",
                 "-e", f"DRILL_IDLE_SECONDS={os.environ.get('DRILL_IDLE_SECONDS', '120')}",
                 f"{command}; sleep 600")

    def keys(self, *keys):
        self.run("send-keys", "-t", "t", *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "t", "-S", "-200").stdout

    def close(self):
        self.run("kill-server")


def wait_for(predicate, seconds=120, what="condition", term=None, home=None):
    """procs.wait_for that says, on a timeout, what the screen and the session were."""
    return procs.wait_for(predicate, seconds, what, detail=lambda: (f"\nscreen:\n{term.screen()}" if term else "")
                          + (f"\nsession: {session(home)}" if home else ""))


def session(home):
    path = home / "mock" / "current.json"
    try:
        return json.loads(path.read_text()) if path.exists() else None
    except ValueError:
        return None


def solve_active(home):
    s = session(home)
    problem = s["problems"][s["current"]]
    shutil.copyfile(registry.get(problem["drill"]).reference, problem["file"])
    return problem["drill"]


@needs_tmux
def test_a_mock_in_a_small_terminal_pauses_resumes_and_ends_with_a_scorecard(drill_home, monkeypatch):
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    term = Terminal(drill_home)
    try:
        term.open("mock", "adamw", "top_p", "--minutes", "20")
        wait_for(lambda: "mock interview" in term.screen(), 300, "the mock's screen", term)
        screen = term.screen()
        assert "q end" in screen and re.search(r"lines 1–\d+ of \d+", screen)   # the keys, and a paged prompt
        assert [p["drill"] for p in session(drill_home)["problems"]] == ["adamw", "top_p"]
        practice = drill_home / "workspace"
        assert not practice.exists() or not any(practice.iterdir())   # practice files untouched

        term.keys("Space")                                              # the prompt pages on
        wait_for(lambda: not re.search(r"lines 1–", term.screen()), 30, "the next page", term)
        solve_active(drill_home)
        wait_for(lambda: session(drill_home)["problems"][0]["state"] == "passed", 120, "the first pass", term,
                 drill_home)
        term.keys("C-c")
        wait_for(lambda: "Paused: the clock is stopped" in term.screen(), 30, "the pause", term)
        assert session(drill_home)["paused_at"] and session(drill_home)["current"] == 1
        term.close()

        term = Terminal(drill_home)
        term.open("mock", "--resume")
        wait_for(lambda: "mock interview" in term.screen(), 120, "the resumed screen", term)
        left = wait_for(lambda: re.search(r"(\d+):\d\d left", term.screen()), 30, "the clock", term)
        assert int(left[1]) < 20                                        # the clock kept its start
        term.close()                                                    # the terminal goes away
        wait_for(lambda: session(drill_home)["paused_at"], 30, "the hang-up to pause the clock", None, drill_home)

        term = Terminal(drill_home)
        term.open("mock", "--resume")
        wait_for(lambda: "mock interview" in term.screen(), 120, "the screen resumed again", term)
        solve_active(drill_home)
        card = wait_for(lambda: re.search(r"mock of .*?adamw, top_p: (\d+)/(\d+) passed", term.screen()), 180,
                        "the scorecard",
                        term, drill_home)
        assert card[1] == card[2] == "2"
        assert session(drill_home) is None
    finally:
        term.close()
        client.stop(drill_home)

    runner = CliRunner()
    progress = runner.invoke(cli.app, ["progress"]).output
    assert re.search(r"mock of \d{4}-\d\d-\d\d \d\d:\d\d · 20 min · adamw, top_p: 2/2 passed", progress)
    events = Store(store_path()).events()
    assert [e["drill"] for e in events if e["kind"] == "start"] == ["adamw", "top_p"]   # resumes kept the starts
    scheduled = runner.invoke(cli.app, ["next"]).output
    assert "adamw" in scheduled and "top_p" in scheduled


# ---- the rules, with a grader the test controls -----------------------------------------------

class Grader:
    """Hands out a verdict only when the test says so."""

    def __init__(self, status="pass"):
        self.status, self.started, self.release, self.graded = status, threading.Event(), threading.Event(), []

    def __call__(self, drill, file, on_check):
        self.graded.append(drill)
        self.started.set()
        assert self.release.wait(60), "the test never released the verdict"
        check = Check("values", self.status)
        on_check(check)
        return Verdict(drill, str(file), 1, [check])


def save(problem: dict, text: str = "# an answer\n") -> None:
    """The learner saves the problem's file (its stamp moves on, whatever the clock's resolution)."""
    path = problem["file"]
    with open(path, "w") as f:
        f.write(text)
    os.utime(path, ns=(problem["graded"] + 10**6, problem["graded"] + 10**6))


def interview_of(drills, grader, minutes=30):
    session = mock.new_session(drills, minutes)
    mock.resume(session)
    interview = on_screen.Interview(session, Store(store_path()), grader)
    interview.announce()
    return session, interview


def test_a_verdict_is_credited_to_the_problem_it_was_started_for(drill_home):
    grader = Grader("pass")
    session, interview = interview_of(["softmax", "top_p"], grader)
    save(session["problems"][0])
    interview.poll()
    assert grader.started.wait(60)
    interview.press("n")                                 # the learner moves on while the check runs
    assert mock.active(session)["drill"] == "top_p"
    grader.release.set()
    interview.finish()
    first, second = session["problems"]
    assert first["first_pass"] and first["attempts"] == 1 and first["state"] == "passed"
    assert second["attempts"] == 0 and second["first_pass"] is None and second["state"] == "active"
    assert [p["drill"] for p in session["problems"]] == ["softmax", "top_p"]    # no follow-up, no jump
    assert "softmax passed" in interview.notice


def test_a_pass_brings_the_follow_up_and_the_same_file_again_is_not_another_attempt(drill_home):
    grader = Grader("fail")
    grader.release.set()
    session, interview = interview_of(["softmax"], grader)
    problem = session["problems"][0]
    for _ in range(2):                                   # saved twice with the same content
        save(problem, "# the same\n")
        interview.poll()
        interview.finish()
    assert problem["attempts"] == 1 and problem["failed"] == ["values"]
    grader.status = "pass"
    save(problem, "# right\n")
    interview.poll()
    interview.finish()
    follow = mock.active(session)
    assert follow["drill"] == "log_softmax" and "log-softmax" in follow["question"]
    assert "follow-up" in interview.notice


FOLLOWED = [d for d, info in registry.drills().items() if info.follow_ups]


def test_drills_declare_follow_ups():
    assert {"softmax", "mha", "gqa"} <= set(FOLLOWED)


@pytest.mark.parametrize("drill_id", FOLLOWED)
def test_every_declared_follow_up_names_a_drill_and_is_asked_after_a_pass(drill_home, drill_id):
    ups = registry.get(drill_id).follow_ups
    for up in ups:
        assert registry.get(up["drill"]) is not None, f"{drill_id}'s follow-up names no drill: {up}"
        assert up["drill"] != drill_id and up["ask"].strip()
    session = mock.new_session([drill_id], minutes=30)
    mock.resume(session)
    mock.record_check(session, 0, "pass", [])
    assert mock.follow_up(session)
    mock.advance(session)
    asked = mock.active(session)
    assert (asked["drill"], asked["question"]) == (ups[0]["drill"], ups[0]["ask"])


def test_revealing_the_solution_asks_first(drill_home):
    session, interview = interview_of(["softmax"], Grader())
    problem = session["problems"][0]
    interview.press("s")
    assert interview.notice == say("views.interview.confirm_solution", left="") and not problem["solution"]
    interview.press("x")                                 # any other key: not revealed
    assert interview.notice == "" and not problem["solution"]
    interview.press("s")
    interview.press("y")
    assert problem["solution"]
    assert "the reference solution" in rendered(interview.view(80, 24))
    assert mock.scorecard(session)["problems"][0]["state"] == "solution seen"
    assert [e["kind"] for e in Store(store_path()).events("softmax")] == ["start", "reveal"]


def test_a_resume_keeps_the_original_start_and_does_not_charge_the_pause(drill_home):
    session, interview = interview_of(["softmax", "top_p"], Grader())
    started, problem_started = session["started"], session["problems"][0]["started"]
    mock.pause(session)
    session["paused_at"] -= 300                          # paused for five minutes
    mock.save(session)
    resumed = mock.load()
    mock.resume(resumed)
    assert resumed["started"] == started
    assert mock.remaining(resumed) > 27 * 60             # 30 minutes, the pause not charged
    assert resumed["problems"][0]["started"] >= problem_started + 300
    on_screen.Interview(resumed, Store(store_path()), Grader()).announce()
    assert [e["kind"] for e in Store(store_path()).events()] == ["start"]     # not started again


def test_when_time_runs_out_the_last_save_counts_and_every_problem_is_scored(drill_home):
    grader = Grader("fail")
    session, interview = interview_of(["softmax", "top_p", "adamw"], grader)
    interview.press("n")                                 # softmax skipped
    save(session["problems"][1])
    interview.poll()
    assert grader.started.wait(60)
    session["started"] -= 31 * 60                        # the time runs out while top_p is graded
    assert mock.finished(session)
    grader.release.set()
    interview.finish()
    card = mock.close(session, Store(store_path()))
    assert [(p["drill"], p["state"], p["attempts"]) for p in card["problems"]] == [
        ("softmax", "skipped", 0), ("top_p", "unfinished", 1), ("adamw", "not reached", 0)]
    assert card["problems"][1]["failed_checks"] == ["values"] and card["passed"] == 0


def test_the_end_of_time_is_said_and_the_scorecard_shown(drill_home, monkeypatch):
    monkeypatch.setattr(client, "ensure", lambda home, wait=True: "")
    session = mock.new_session(["softmax", "top_p"], minutes=30)
    session["started"] -= 31 * 60
    mock.save(session)
    result = CliRunner().invoke(cli.app, ["mock", "--resume"])
    assert result.exit_code == 0, result.output
    assert "Time is up" in result.output and "0/2 passed" in result.output
    assert "unfinished" in result.output and "not reached" in result.output
    assert mock.load() is None and Store(store_path()).mocks()[-1]["id"] == session["id"]


def rendered(renderable, width=80) -> str:
    out = Console(width=width, file=io.StringIO(), highlight=False)
    out.print(renderable)
    return out.file.getvalue()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_prompt_can_be_read_whole_in_a_small_terminal(drill_home, lang):
    height = 24
    words.use(lang)
    for drill_id in registry.drills():
        session, interview = interview_of([drill_id], Grader())
        body, _ = on_screen.mock_body(mock.active(session), 80)
        shown = ""
        for _ in range(len(body)):
            screen = rendered(interview.view(80, height))
            assert len(screen.splitlines()) < height, f"{drill_id}: the screen is taller than the terminal"
            assert say("views.interview.keys") in screen                    # the keys stay in sight
            shown += screen
            before = interview.offset
            interview.press("pagedown", page=height // 2)         # as the interview pages
            interview.view(80, height)
            if interview.offset == before:
                break
        for line in body:
            assert line.plain.rstrip() in shown, f"{drill_id}: {line.plain!r} is never shown"


def test_picking_prefers_unseen_then_weak_drills_and_never_repeats(drill_home):
    store = Store(store_path())
    basics = [d for d, i in registry.drills().items() if i.topic == "basics"]
    for d in basics[:-1]:
        store.record("start", d)
        store.record("check", d, status="pass", seconds=1)
    store.record("check", basics[0], status="fail", seconds=1, failed=["values"])
    picked = mock.pick(store, 3, topic="basics")
    assert picked[0] == basics[-1]              # the only unseen one first
    assert picked[1] == basics[0]               # then the weakest
    assert len(set(picked)) == 3
    assert mock.pick(store, 2, topic="no such topic") == []


def test_the_scorecard_counts_hints_and_reveals(drill_home):
    session = mock.new_session(["softmax", "rope"], minutes=30)
    mock.record_check(session, 0, "fail", ["values"], "a")
    mock.record_check(session, 0, "pass", [], "b")
    session["problems"][0]["hints"] = 1
    mock.advance(session)
    session["problems"][1]["solution"] = True
    card = mock.close(session, Store(store_path()))
    rows = {r["drill"]: r for r in card["problems"]}
    assert rows["softmax"]["passed"] and rows["softmax"]["attempts"] == 2
    assert rows["softmax"]["penalty_seconds"] == mock.HINT_COST_S
    assert not rows["rope"]["passed"] and rows["rope"]["penalty_seconds"] == mock.SOLUTION_COST_S
    assert Store(store_path()).mocks()[-1]["id"] == card["id"] and mock.load() is None


def test_q_and_n_on_the_last_problem_ask_before_ending_the_interview(drill_home):
    session, interview = interview_of(["softmax", "top_p"], Grader())
    interview.press("q")
    assert session["ended"] is None and "End the interview now" in interview.notice
    interview.press("x")                                 # any other key: the interview goes on
    assert session["ended"] is None and interview.notice == ""
    interview.press("n")                                 # not the last problem: moves on at once
    assert session["current"] == 1 and session["ended"] is None
    interview.press("n")                                 # the last: moving on would end it
    assert session["ended"] is None and "last problem" in interview.notice and "left" in interview.notice
    interview.press("j")                                 # scrolling is not an answer
    assert session["ended"] is None
    interview.press("y")
    assert session["ended"] is not None and mock.finished(session)


def test_q_then_y_ends_at_once_with_every_problem_scored(drill_home):
    session, interview = interview_of(["softmax", "top_p"], Grader())
    interview.press("q")
    interview.press("y")
    card = mock.close(session, Store(store_path()))
    assert [p["state"] for p in card["problems"]] == ["unfinished", "not reached"]
    assert card["passed"] == 0 and card["asked"] == 2


def test_a_follow_up_is_a_bonus_that_never_lowers_the_result(drill_home):
    grader = Grader("pass")
    session, interview = interview_of(["softmax"], grader)
    save(session["problems"][0])
    interview.poll()
    grader.release.set()
    interview.finish()
    assert session["problems"][1]["follow_up"]           # softmax passed: its follow-up is asked
    card = mock.close(session, Store(store_path()))      # and the interview ends before it is done
    assert card["passed"] == 1 and card["asked"] == 1, card
    assert card["bonus_passed"] == 0 and card["bonus_asked"] == 1
    assert card["problems"][1]["state"] == "bonus, not finished"
    title = mock.title(card)
    assert re.fullmatch(r"mock of \d{4}-\d\d-\d\d \d\d:\d\d · 30 min · softmax: 1/1 passed \+ 0/1 follow-up", title)
    shown = rendered(show.scorecard_table(card), width=160)
    assert "1/1 passed" in shown and "bonus, not finished" in shown and "unfinished" not in shown.replace(
        "not finished", "")
