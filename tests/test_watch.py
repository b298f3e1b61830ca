"""Watch mode and the warm grader it grades through: each save is re-graded, the same content saved
again is not another attempt, and a save that kills its grading process gets a verdict while the
grader goes on to the next."""
import re
import shutil

import pytest
from typer.testing import CliRunner

import cli
from grader.runtime import client
from grader.learner import registry
from grader.views import report
from grader.learner.home import store_path
from grader.learner.store import Store
from tests.test_mock import Terminal, wait_for

CRASH = "import os\ndef softmax(x, dim=-1):\n    os._exit(3)\n"


@pytest.fixture
def grader(drill_home, monkeypatch):
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    drill_home.mkdir(parents=True, exist_ok=True)
    yield drill_home
    client.stop(drill_home)


def checks(home) -> list[dict]:
    return [e for e in Store(store_path()).events() if e["kind"] == "check"]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_watch_regrades_each_save_counts_each_version_once_and_survives_a_crash(grader):
    home = grader
    CliRunner().invoke(cli.app, ["start", "softmax"])
    path = home / "workspace" / "softmax.py"
    term = Terminal(home, width=120, height=50)
    try:
        term.open("watch")
        wait_for(lambda: "Not started" in term.screen(), 300, "the stub's verdict", term)
        said = re.sub(r"[│\s]+", " ", term.screen())              # the box's text, its lines joined
        assert "save the file to grade it again" in said and "drill check again" not in said
        path.write_text(CRASH)
        wait_for(lambda: "exited with code 3" in term.screen(), 120, "the crash verdict", term)
        shutil.copyfile(registry.get("softmax").reference, path)
        wait_for(lambda: "Passed" in term.screen(), 120, "the pass after the crash", term)
        shown = term.screen()                                 # the screen and its history: one verdict
        assert "exited with code 3" not in shown and "Not started" not in shown, shown
        wait_for(lambda: len(checks(home)) == 3, 30, "the pass to be recorded", term)
        path.write_text(path.read_text())                    # saved again, the same content
        wait_for(lambda: len(checks(home)) == 4, 120, "the same file's check", term)
    finally:
        term.close()
    assert [(e["status"], e["detail"]["repeat"]) for e in checks(home)] == [
        ("todo", False), ("fail", False), ("pass", False), ("pass", True)]
    softmax = next(d for d in report.figures(Store(store_path()))["per_drill"] if d["id"] == "softmax")
    assert softmax["attempts"] == 2                           # the crash and the pass; not the stub, not the repeat


def test_the_warm_grader_grades_again_without_restarting_and_outlives_a_crash(grader, tmp_path):
    home = grader
    ref = registry.get("softmax").reference
    assert client.grade("softmax", ref, home=home, seed=1, speed=False).passed
    pid = client.ping(home)["pid"]
    streamed = []
    assert client.grade("softmax", ref, home=home, seed=2, speed=False, on_check=streamed.append).passed
    assert [c.name for c in streamed][:2] == ["load", "signature"]            # checks arrive one by one
    bad = tmp_path / "softmax.py"
    bad.write_text(CRASH.replace("3", "4"))
    crashed = client.grade("softmax", bad, home=home, seed=1, speed=False)
    assert crashed.status == "fail" and "exited with code 4" in crashed.checks[-1].message
    assert client.grade("softmax", ref, home=home, seed=3, speed=False).passed
    assert client.ping(home)["pid"] == pid    # the same warm grader throughout
