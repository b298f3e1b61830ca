"""Watch mode in a real terminal: each save is re-graded by a warm grader, and a save that kills
the grader gets its verdict and a fresh grader for the next one."""
import shutil

import pytest
from typer.testing import CliRunner

import cli
from grader import registry, sandbox
from tests.test_mock import Terminal, wait_for

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def test_watch_regrades_on_save_and_survives_a_crash(drill_home):
    CliRunner().invoke(cli.app, ["start", "softmax"])
    path = drill_home / "workspace" / "softmax.py"
    term = Terminal(drill_home)
    try:
        term.open("watch")
        wait_for(lambda: "Not started" in term.screen(), what="the stub's verdict")
        path.write_text("import os\ndef softmax(x, dim=-1):\n    os._exit(3)\n")
        wait_for(lambda: "exited with code 3" in term.screen(), what="the crash verdict")
        shutil.copyfile(registry.get("softmax").reference, path)
        wait_for(lambda: "Passed" in term.screen(), what="the pass after the crash")
    finally:
        term.close()


def test_a_warm_worker_grades_again_and_is_replaced_after_a_crash(tmp_path):
    worker = sandbox.Worker()
    try:
        ref = registry.get("softmax").reference
        assert worker.grade("softmax", ref, seed=1, speed=False).passed
        pid = worker.proc.pid
        assert worker.grade("softmax", ref, seed=2, speed=False).passed
        assert worker.proc.pid == pid                     # the same warm process
        bad = tmp_path / "softmax.py"
        bad.write_text("import os\ndef softmax(x, dim=-1):\n    os._exit(4)\n")
        verdict = worker.grade("softmax", bad, seed=1)
        assert "exited with code 4" in verdict.checks[-1].message and not worker.alive
        assert worker.grade("softmax", ref, seed=3, speed=False).passed
    finally:
        worker.close()
