import json
import subprocess
import sys

from typer.testing import CliRunner

import cli
from grader import registry

runner = CliRunner()


def drill(*args):
    return runner.invoke(cli.app, list(args))


def test_list_shows_every_drill_with_titles_and_status():
    result = drill("list")
    assert result.exit_code == 0
    for info in registry.drills().values():
        assert info.id in result.output
    assert "手撕softmax" in result.output and "new" in result.output


def test_list_does_not_import_torch():
    code = ("import sys; sys.argv = ['drill', 'list']; import cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "assert 'torch' not in sys.modules, 'drill list imported torch'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=registry.ROOT, capture_output=True)


def test_start_copies_the_stub_shows_the_prompt_and_keeps_an_existing_file(drill_home):
    result = drill("start", "softmax")
    assert result.exit_code == 0
    path = drill_home / "workspace" / "softmax.py"
    assert path.read_text() == registry.get("softmax").stub.read_text()
    assert "Numerically stable" in result.output and str(path) in result.output.replace("\n", "")
    path.write_text("# my work\n")
    assert drill("start", "softmax").exit_code == 0
    assert path.read_text() == "# my work\n"
    assert drill("start", "softmax", "--fresh").exit_code == 0
    assert "raise NotImplementedError" in path.read_text()
    backups = list((drill_home / "workspace" / "backups").glob("softmax-*.py"))
    assert [b.read_text() for b in backups] == ["# my work\n"]


def test_check_json_passes_the_reference_and_records_it(drill_home):
    ref = registry.get("softmax").reference
    result = drill("check", "softmax", "--file", str(ref), "--json", "--seed", "3")
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.output)
    assert verdict["drill"] == "softmax" and verdict["passed"] is True and verdict["seconds"] > 0
    assert {"name", "status", "message"} <= set(verdict["checks"][0])
    assert "passed" in drill("list").output


def test_check_without_id_grades_the_last_started_drill_and_says_not_started():
    drill("start", "softmax")
    result = drill("check", "--no-speed")
    assert result.exit_code == 1
    assert "Not started" in result.output and "still raises NotImplementedError" in result.output


def test_check_shows_the_failing_call_and_the_named_mistake(drill_home):
    drill("start", "softmax")
    (drill_home / "workspace" / "softmax.py").write_text(
        "import torch\ndef softmax(x, dim=-1):\n    return x.exp() / x.exp().sum(dim, keepdim=True)\n")
    result = drill("check", "--seed", "1")
    assert result.exit_code == 1
    assert "✗ extreme inputs" in result.output
    assert "softmax(x=" in result.output and "classic mistake" in result.output
    assert "without subtracting the max" in result.output


def test_unusable_requests_exit_2(drill_home):
    assert drill("check", "no_such_drill").exit_code == 2
    assert drill("check", "softmax").exit_code == 2          # never started: no file
    assert drill("check").exit_code == 2                     # nothing started at all
    assert drill("check", "softmax", "--device", "tpu").exit_code == 2
    assert drill("start", "softmx").exit_code == 2


def test_hints_come_one_more_each_time_and_reset_starts_over(drill_home):
    hints = registry.get("softmax").hints
    first = drill("hint", "softmax").output
    assert hints[0] in first and "hint 2" not in first
    second = drill("hint", "softmax").output
    assert "hint 2" in second
    drill("start", "softmax")
    path = drill_home / "workspace" / "softmax.py"
    path.write_text("# attempt\n")
    assert drill("reset", "softmax").exit_code == 0
    assert "raise NotImplementedError" in path.read_text()
    assert "hint 2" not in drill("hint", "softmax").output
    assert any(b.read_text() == "# attempt\n" for b in (path.parent / "backups").iterdir())


def test_solution_is_shown_and_recorded_and_progress_lists_it():
    result = drill("solution", "softmax")
    assert result.exit_code == 0 and "amax" in result.output
    progress = drill("progress").output
    row = next(line for line in progress.splitlines() if "softmax" in line and "attempted" in line)
    assert "seen" in row


def test_drill_home_moves_all_state(tmp_path, monkeypatch):
    monkeypatch.setenv("DRILL_HOME", str(tmp_path / "elsewhere"))
    drill("start", "softmax")
    assert (tmp_path / "elsewhere" / "workspace" / "softmax.py").exists()
    assert (tmp_path / "elsewhere" / "progress.sqlite3").exists()
