"""A 2-problem mock interview end to end in a real terminal (tmux): pass one problem, close the
terminal, resume, pass the rest, and find the scorecard in `drill progress`."""
import json
import re
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from typer.testing import CliRunner

import cli
from grader import registry

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Terminal:
    def __init__(self, home):
        self.socket = f"drill-{uuid.uuid4().hex[:8]}"
        self.home = home

    def run(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True)

    def open(self, *drill_args):
        command = " ".join([sys.executable, str(registry.ROOT / "cli.py"), *drill_args])
        self.run("new-session", "-d", "-s", "t", "-x", "160", "-y", "60",
                 "-e", f"DRILL_HOME={self.home}", "-e", "COLUMNS=160", f"{command}; sleep 60")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "t", "-S", "-200").stdout

    def close(self):
        self.run("kill-server")


def wait_for(predicate, seconds=90, what="condition"):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


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


def test_two_problem_mock_survives_a_closed_terminal_and_ends_with_a_scorecard(drill_home):
    term = Terminal(drill_home)
    try:
        term.open("mock", "--minutes", "20", "--count", "2", "--topic", "basics")
        wait_for(lambda: "mock interview" in term.screen(), what="the mock's screen")
        first = session(drill_home)
        drills = [p["drill"] for p in first["problems"]]
        assert len(drills) == 2 and len(set(drills)) == 2
        practice = drill_home / "workspace"
        assert not practice.exists() or not any(practice.iterdir())   # practice files untouched

        solved = solve_active(drill_home)
        wait_for(lambda: session(drill_home)["problems"][0]["state"] == "passed", what="the first pass")
        term.close()                                                    # the terminal goes away

        s = session(drill_home)
        assert s is not None and s["problems"][0]["first_pass"] and s["current"] == 1
        term = Terminal(drill_home)
        term.open("mock", "--resume")
        wait_for(lambda: "mock interview" in term.screen(), what="the resumed screen")
        left = wait_for(lambda: [l for l in term.screen().splitlines() if "left" in l], what="the clock")
        minutes_left = int(left[-1].split("·")[1].strip().split(":")[0])
        assert minutes_left < 20                                        # the clock kept its start

        def finish():
            s = session(drill_home)
            if s is None:
                return True
            if s["current"] >= len(s["problems"]):
                return False                                            # ending: the scorecard is next
            problem = s["problems"][s["current"]]
            if problem["attempts"] == 0 and open(problem["file"]).read() != registry.get(problem["drill"]).reference.read_text():
                solve_active(drill_home)
            return False
        try:
            wait_for(finish, seconds=240, what="the mock to end")
        except AssertionError as e:
            raise AssertionError(f"{e}\nscreen:\n{term.screen()}\nsession: {session(drill_home)}") from None
        screen = wait_for(lambda: (lambda t: t if "passed" in t and "attempts" in t else "")(term.screen()),
                          what="the scorecard")
        asked = re.search(r"(\d+)/(\d+) passed", screen)
        assert asked and asked[1] == asked[2] and int(asked[2]) >= len(drills)   # follow-ups may add some
    finally:
        term.close()

    runner = CliRunner()
    progress = runner.invoke(cli.app, ["progress"]).output
    assert "mock " in progress and solved in progress
    scheduled = runner.invoke(cli.app, ["next"]).output
    assert all(d in scheduled for d in drills)


def test_a_pass_brings_the_interviewers_follow_up_and_the_scorecard_counts_costs(drill_home):
    from grader import mock
    from grader.home import store_path
    from grader.store import Store
    session = mock.new_session(["softmax", "rope"], minutes=30)
    assert session["problems"][0]["state"] == "active" and session["problems"][1]["state"] == "waiting"
    mock.record_check(session, "fail", ["values"])
    mock.record_check(session, "pass", [])
    assert mock.follow_up(session)
    mock.advance(session)
    follow = mock.active(session)
    assert follow["drill"] == "log_softmax" and "log-softmax" in follow["question"]
    follow["hints"] = 1
    mock.advance(session)                       # skipped; rope is next
    assert mock.active(session)["drill"] == "rope"
    card = mock.close(session, Store(store_path()))
    rows = {r["drill"]: r for r in card["problems"]}
    assert rows["softmax"]["passed"] and rows["softmax"]["attempts"] == 2
    assert not rows["log_softmax"]["passed"] and rows["log_softmax"]["penalty_seconds"] == mock.HINT_COST_S
    assert Store(store_path()).mocks()[-1]["id"] == card["id"] and mock.load() is None


def test_picking_prefers_unseen_then_weak_drills_and_never_repeats(drill_home):
    from grader import mock, registry
    from grader.home import store_path
    from grader.store import Store
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
