import io
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import cli
from grader.runtime import client
from grader.learner import registry
from grader.views import report
from grader.learner.home import store_path
from grader.learner.store import Store
from grader.views import terminal as show

runner = CliRunner()
SOFTMAX_NO_MAX = "import torch\ndef softmax(x, dim=-1):\n    return x.exp() / x.exp().sum(dim, keepdim=True)\n"


def drill(*args):
    return runner.invoke(cli.app, list(args))


@pytest.fixture
def grader(drill_home, monkeypatch):
    """The warm grader these tests start, stopped at the end."""
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    yield
    client.stop(drill_home)


def rendered(renderable, width: int) -> str:
    out = Console(width=width, file=io.StringIO(), highlight=False)
    out.print(renderable)
    return out.file.getvalue()


# ---- drill list ---------------------------------------------------------------------------------

def test_list_piped_is_one_tab_separated_line_per_drill():
    result = drill("list")
    assert result.exit_code == 0
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [r[0] for r in rows] == list(registry.drills())
    assert all(len(r) == 8 for r in rows)
    softmax = next(r for r in rows if r[0] == "softmax")
    assert softmax[1:8] == ["Softmax", "手撕softmax", "basics", "easy", "5", "new", ""]


def whole_titles_missing(text: str, infos) -> list[str]:
    """The titles (English or Chinese) that do not appear whole on one line of `text`."""
    lines = text.splitlines()
    return [t for i in infos for t in (i.title, i.zh) if not any(t in line for line in lines)]


@pytest.mark.parametrize("width", [60, 80, 100, 160])
def test_list_fits_the_terminal_measured_in_cells_without_breaking_a_word(width):
    infos = registry.drills().values()
    text = rendered(show.drills_table(infos, {}, width), width)
    lines = text.splitlines()
    assert max(cell_len(line) for line in lines) <= width          # a Chinese character takes two cells
    assert not [line for line in lines if line != line.rstrip()]
    words = {w for line in lines for w in line.split()}
    for info in infos:
        assert f"  {info.id} " in text
        for word in info.title.split() + re.findall(r"[A-Za-z0-9()]+", info.zh):
            assert any(word in w for w in words), f"{word!r} of {info.id} was broken: \n{text}"
    if width >= 80:
        assert not whole_titles_missing(text, infos), text


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_list_in_an_80_column_terminal_keeps_every_title_whole_on_one_line(drill_home):
    from tests.test_mock import Terminal, wait_for
    drill("start", "flash_attention_backward")
    infos = registry.drills().values()
    last = list(infos)[-1]
    term = Terminal(drill_home, width=80, height=40)
    screen = lambda: term.run("capture-pane", "-p", "-t", "t", "-S", "-1000").stdout    # the lines as shown
    try:
        term.open("list")
        wait_for(lambda: last.zh in screen(), 60, "drill list", term)
        shown = screen()
    finally:
        term.close()
    assert not whole_titles_missing(shown, infos), shown
    assert max(cell_len(line) for line in shown.splitlines()) <= 80
    row = next(line for line in shown.splitlines() if line.startswith("  flash_attention_backward "))
    assert row.split()[-1] == "started"
    assert "FlashAttention反向传播" in shown


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_in_a_terminal_the_path_is_numbered_and_a_verdict_is_short_with_a_line_to_repeat_it(drill_home):
    from tests.test_mock import Terminal, wait_for
    drill("start", "softmax")
    (drill_home / "workspace" / "softmax.py").write_text(SOFTMAX_NO_MAX)
    term = Terminal(drill_home, width=80, height=60)
    screen = lambda: term.run("capture-pane", "-p", "-t", "t", "-S", "-1000").stdout
    try:
        term.open("list", "--path")
        wait_for(lambda: registry.PATH[-1] in screen(), 60, "drill list --path", term)
        listed = [line.split() for line in screen().splitlines() if line[:4].strip().isdigit()]
        assert [words[1] for words in listed] == registry.PATH, screen()
        term.close()
        term = Terminal(drill_home, width=80, height=60)
        term.open("check", "--no-speed", "--seed", "3")
        wait_for(lambda: "Failed" in screen(), 300, "the verdict", term)
        shown = screen()
    finally:
        term.close()
    said = re.sub(r"\s+", " ", shown)
    assert "✗ values" in shown and re.search(r"✓ \d+ checks passed \(load, signature", said), shown
    assert "to repeat it, in your workspace: import torch; from softmax import softmax; softmax(" in said
    assert not re.search(r"^✓ (load|signature|shape)\b", shown, re.M)      # passing checks are not listed one by one
    assert max(cell_len(line) for line in shown.splitlines()) <= 80


def test_list_does_not_import_torch():
    code = ("import sys; sys.argv = ['drill', 'list']; import cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "assert 'torch' not in sys.modules, 'drill list imported torch'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=registry.ROOT, capture_output=True)


def test_a_check_parses_its_options_without_importing_pydantic(tmp_path):
    """Every option of a check is given (a path, a number, a string, flags): none of them needs
    typer's pydantic coercion, the biggest import of a command that grades. The check stops at the
    missing file, after parsing."""
    code = ("import sys; sys.argv = ['drill', 'check', 'softmax', '--file', sys.argv[1], '--seed', '7',\n"
            "    '--device', 'cpu', '--record', '--no-speed']; import cli\n"
            "try:\n    cli.main()\nexcept SystemExit as e:\n    assert e.code == 2, e.code\n"
            "assert 'pydantic' not in sys.modules, 'parsing the options imported pydantic'")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "gone.py")], cwd=registry.ROOT,
                          capture_output=True, text=True, env=dict(os.environ, DRILL_HOME=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert "There is no file" in done.stderr


def test_the_option_shim_still_finds_what_it_replaces_in_this_typer():
    """grader/views/options.py reaches into typer's private coercion; when a typer release moves it,
    this fails instead of the shim silently doing nothing."""
    from typer import core

    from grader.views import options
    assert options.plain_options(), "typer no longer has the coercion grader/views/options.py replaces"
    assert core.build_runtime_param.__name__ == "runtime_param"


@pytest.mark.parametrize("args, said", [(["--seed", "abc"], "'abc' is not a valid integer"),
                                        (["--seed", "1.5"], "'1.5' is not a valid integer")])
def test_an_option_of_the_wrong_kind_exits_2_naming_it(drill_home, args, said):
    result = drill("check", "softmax", *args)
    assert result.exit_code == 2
    assert said in result.output and "--seed" in result.output


def test_options_with_bounds_are_still_checked(drill_home):
    result = drill("next", "--count", "0")
    assert result.exit_code == 2 and "--count" in result.output


# ---- ids, version, completion -----------------------------------------------------------------

@pytest.mark.parametrize("typed, meant", [("GQA", "gqa"), ("top-p", "top_p"), ("layer_norm", "layernorm"),
                                          ("kvcache", "kv_cache"), ("KV cache", "kv_cache"), ("softmax", "softmax")])
def test_ids_are_found_the_way_people_type_them(typed, meant):
    assert cli.known(typed).id == meant


def test_a_typo_gets_a_did_you_mean_list():
    result = drill("start", "softmx")
    assert result.exit_code == 2
    assert "did you mean softmax" in result.stderr and "Traceback" not in result.output
    assert "drill list shows them all" in drill("start", "zzzz").stderr


def test_hint_and_solution_take_the_id_as_typed(drill_home):
    assert "Softmax" in drill("hint", "SoftMax").stdout
    assert drill("solution", "Top-P").exit_code == 0
    assert [e["drill"] for e in Store(store_path()).events()] == ["softmax", "top_p"]


def test_version_is_the_projects():
    result = drill("--version")
    version = re.search(r'^version = "(.+)"', (registry.ROOT / "pyproject.toml").read_text(), re.M)[1]
    assert result.exit_code == 0 and result.stdout.strip() == f"drill {version}"


def completions(*words: str) -> list[str]:
    env = dict(os.environ, _DRILL_COMPLETE="complete_bash", COMP_WORDS=" ".join(["drill", *words]),
               COMP_CWORD=str(len(words)))
    code = "import sys; sys.argv[0] = 'drill'; import cli; cli.main()"
    done = subprocess.run([sys.executable, "-c", code], cwd=registry.ROOT, env=env, capture_output=True, text=True)
    return done.stdout.split()


def test_shell_completion_knows_commands_and_drill_ids():
    assert "check" in completions("ch")
    assert completions("start", "so") == ["softmax"]
    assert set(completions("check", "top")) == {"top_k", "top_p", "topk_heap"}


# ---- start, hint, reset, solution -------------------------------------------------------------

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


@pytest.mark.parametrize("width", [60, 80, 120])
def test_prompts_are_rewrapped_for_the_terminal_losing_and_breaking_no_word(width):
    for info in registry.drills().values():
        prompt = info.prompt()
        lines = show.prompt_lines(prompt, width)
        assert " ".join(lines).split() == prompt.split(), info.id           # every word, whole, in order
        too_long = [line for line in lines if len(line) > width and " " in line.strip()]
        assert not too_long, (info.id, too_long)
    code = show.prompt_lines(registry.get("softmax").prompt(), width)
    assert "    softmax(x)_i = exp(x_i) / sum_j exp(x_j)" in code                # a formula kept as written


def test_hint_without_an_id_follows_the_drill_last_started_or_checked(drill_home):
    store = Store(store_path())
    store.record("start", "softmax")
    store.record("start", "top_p")
    assert "top_p" in drill("hint").stdout.splitlines()[0]
    named = "exp(1000) is inf in float32: subtract the max first"
    store.record("check", "softmax", status="fail", failed=["values"], hints=[named], digest="a")
    shown = drill("hint").stdout
    assert shown.splitlines()[0].startswith("softmax")
    assert shown.index(named) < shown.index("hint 1/")       # the named mistake's hint first


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
    row = next(line for line in progress.splitlines() if "softmax" in line and "started" in line)
    assert "seen" in row


def test_solution_piped_is_the_file_under_its_title_and_says_it_was_recorded(drill_home):
    info = registry.get("softmax")
    done = subprocess.run([sys.executable, str(registry.ROOT / "cli.py"), "solution", "softmax"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=registry.ROOT,
                          env=dict(os.environ, DRILL_HOME=str(drill_home), COLUMNS="80"))
    assert done.returncode == 0, done.stderr
    first, *code = done.stdout.splitlines()
    assert info.title in first and info.zh in first and first.startswith("# softmax")
    assert "\n".join(code) == info.reference.read_text().rstrip()      # the file as it is: no numbers, no padding
    assert not [line for line in done.stdout.splitlines() if line != line.rstrip()]
    compile(done.stdout, "solution.py", "exec")                          # > a file, it is Python
    assert "recorded as seen" in done.stderr.lower()
    assert [e["kind"] for e in Store(store_path()).events()] == ["reveal"]


def run_hints(n: int) -> list[str]:
    return [drill("hint", "softmax").stdout for _ in range(n)]


def test_hints_past_the_last_show_it_again_and_count_nothing_more(drill_home):
    hints = registry.get("softmax").hints
    shown = run_hints(len(hints) + 2)
    last = f"hint {len(hints)}/{len(hints)}"
    assert last in shown[len(hints) - 1] and "That was the last hint" in shown[len(hints) - 1]
    for again in shown[len(hints):]:
        assert last in again and "No more hints" in again and f"hint {len(hints) + 1}" not in again
    assert sum(e["kind"] == "hint" for e in Store(store_path()).events()) == len(hints)
    softmax = json.loads(drill("progress", "--json").stdout)["per_drill"][0]
    assert softmax["hints"] == len(hints)
    for _ in range(3):                                    # a store written before this rule: still at most all
        Store(store_path()).record("hint", "softmax")
    assert json.loads(drill("progress", "--json").stdout)["per_drill"][0]["hints"] == len(hints)


def test_progress_counts_hints_shown_since_a_reset_not_every_ask(drill_home):
    hints = registry.get("softmax").hints
    drill("start", "softmax")
    run_hints(2)
    drill("reset", "softmax")
    run_hints(1)                                          # the first hint again: no new hint seen
    assert json.loads(drill("progress", "--json").stdout)["per_drill"][0]["hints"] == min(2, len(hints))


def test_started_attempted_passed_and_weakest_mean_what_they_say(drill_home):
    drill("start", "softmax")                             # started, never checked
    drill("start", "rope")
    store = Store(store_path())
    store.record("check", "rope", status="todo", digest="stub")           # the stub checked: not an attempt
    drill("start", "gqa")
    store.record("check", "gqa", status="fail", failed=["values"], digest="a")
    drill("start", "top_p")
    store.record("check", "top_p", status="fail", failed=["values"], digest="b")
    store.record("check", "top_p", status="pass", digest="c")
    drill("hint", "layernorm")                            # a hint, never started nor checked

    figures = json.loads(drill("progress", "--json").stdout)
    rows = {d["id"]: (d["status"], d["attempts"]) for d in figures["per_drill"]}
    assert rows == {"softmax": ("started", 0), "rope": ("started", 0), "gqa": ("attempted", 1),
                    "top_p": ("passed", 2), "layernorm": ("started", 0)}
    assert (figures["started"], figures["attempted"], figures["passed"]) == (5, 2, 1)
    assert figures["weakest"] == ["gqa", "top_p"]         # only drills with failing attempts
    assert figures["topics"]["basics"]["attempted"] == 0 and figures["topics"]["attention"]["attempted"] == 1

    shown = drill("progress").stdout
    assert re.search(r"^softmax\s+started\s+0\s", shown, re.M), shown
    assert re.search(r"^gqa\s+attempted\s+1\s", shown, re.M), shown
    assert "weakest: gqa, top_p" in shown
    listed = dict(line.split("\t")[::6] for line in drill("list").stdout.splitlines())
    assert (listed["softmax"], listed["gqa"], listed["top_p"], listed["adamw"]) == (
        "started", "attempted", "passed", "new")


def test_started_only_drills_are_not_the_weakest_nor_nothing_yet(drill_home):
    drill("start", "softmax")
    shown = drill("progress").stdout
    assert "Nothing yet" not in shown and "weakest: none yet" in shown


def fake_editor(folder, name: str):
    """An editor command on PATH that writes the arguments it was given to folder/<name>.args."""
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{folder / (name + '.args')}'\n")
    path.chmod(0o755)
    return folder / (name + ".args")


@pytest.mark.parametrize("env, opened, args", [
    ({"EDITOR": "code --wait"}, "code", "--wait"),
    ({"EDITOR": "code --wait", "VISUAL": "subl -n -w"}, "subl", "-n -w"),           # VISUAL first
    ({"EDITOR": "'my editor' --new-window"}, "my editor", "--new-window"),          # quoted as a shell quotes
    ({"EDITOR": "", "VISUAL": "  "}, "vi", ""),                                      # set to nothing: unset
])
def test_start_edit_opens_the_editor_command_as_a_shell_splits_it(drill_home, tmp_path, monkeypatch, env, opened,
                                                                  args):
    bin_ = tmp_path / "bin"
    written = {name: fake_editor(bin_, name) for name in ("code", "subl", "my editor", "vi")}
    monkeypatch.setenv("PATH", str(bin_))
    for name in ("EDITOR", "VISUAL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = drill("start", "softmax", "--edit")
    assert result.exit_code == 0, result.output
    path = drill_home / "workspace" / "softmax.py"
    assert written[opened].read_text().splitlines() == [*args.split(), str(path)]
    assert [name for name, w in written.items() if w.exists()] == [opened]


@pytest.mark.parametrize("env, said", [
    ({"EDITOR": "code --wait"}, "'code' is not a command on PATH"),
    ({"EDITOR": ""}, "neither $VISUAL nor $EDITOR is set, and 'vi' is not"),
    ({"VISUAL": "code 'unclosed"}, "a shell cannot split"),
])
def test_start_edit_without_a_usable_editor_says_so_in_one_sentence(drill_home, tmp_path, monkeypatch, env, said):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    for name in ("EDITOR", "VISUAL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    message = one_sentence(drill("start", "softmax", "--edit"))
    assert said in message and "VISUAL or EDITOR" in message
    assert not (drill_home / "workspace" / "softmax.py").exists()          # nothing half done


def test_drill_home_moves_all_state(tmp_path, monkeypatch):
    drill("start", "softmax")
    monkeypatch.setenv("DRILL_HOME", str(tmp_path / "elsewhere"))
    assert drill("start", "top_p").exit_code == 0
    assert (tmp_path / "elsewhere" / "workspace" / "top_p.py").exists()
    assert [e["drill"] for e in Store(tmp_path / "elsewhere" / "progress.sqlite3").events()] == ["top_p"]


# ---- what to do next --------------------------------------------------------------------------

def test_next_offers_new_drills_when_no_review_is_due(drill_home):
    shown = drill("next").stdout
    assert "No reviews scheduled yet" in shown and "new drills to start" in shown
    store = Store(store_path())
    store.record("start", "softmax")
    store.record("check", "softmax", status="pass", digest="a")
    from grader.learner import schedule
    schedule.after_check(store, "softmax", 5)
    shown = drill("next").stdout
    assert "No review is due now" in shown and "softmax" in shown     # its review, days away
    offered = shown[shown.index("new drills to start"):]
    assert "softmax" not in offered and "activations" in offered      # unseen, of the topic last practised


def test_next_lists_due_reviews_and_offers_nothing_new(drill_home):
    store = Store(store_path())
    store.record("start", "softmax")
    store.record_review("softmax", "Again", {}, due=0.0)
    shown = drill("next").stdout
    assert "softmax" in shown and "now" in shown and "new drills" not in shown


# ---- unusable situations: exit 2, one sentence, no traceback ----------------------------------

def one_sentence(result, code=2) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    message = result.stderr.strip()
    assert message and len(message.splitlines()) == 1, message
    return message


def test_unusable_requests_exit_2_with_one_sentence(drill_home, tmp_path):
    assert "no drill called 'no_such_drill'" in one_sentence(drill("check", "no_such_drill"))
    assert "not started softmax" in one_sentence(drill("check", "softmax"))      # never started: no file
    assert "none started" in one_sentence(drill("check"))
    assert "--device must be" in one_sentence(drill("check", "softmax", "--device", "tpu"))
    missing = one_sentence(drill("check", "softmax", "--file", str(tmp_path / "gone.py")))
    assert "There is no file" in missing and "--file" not in missing
    assert "folder" in one_sentence(drill("check", "softmax", "--file", str(tmp_path)))
    assert "which drill" in one_sentence(drill("check", "--file", str(registry.get("softmax").reference)))
    for command in (["start", "softmx"], ["reset", "nope"], ["solution", "nope"], ["hint", "nope"],
                    ["watch", "nope"], ["mock", "nope"], ["list", "--topic", "nope"], ["mock", "--topic", "nope"]):
        one_sentence(drill(*command))


COMMANDS = [["list"], ["start", "softmax"], ["check", "softmax"], ["hint", "softmax"], ["solution", "softmax"],
            ["reset", "softmax"], ["watch", "softmax"], ["mock"], ["progress"], ["next"], ["today"], ["doctor"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_drill_home_that_cannot_be_made_exits_2(tmp_path, monkeypatch, command):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("DRILL_HOME", str(blocker / "home"))
    assert "DRILL_HOME" in one_sentence(drill(*command))


def read_only(folder) -> list[str]:
    """A command prefix under which `folder` is read-only, even for root."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    if shutil.which("unshare") is None:
        pytest.skip("root needs unshare to make a read-only folder")
    probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind -o ro {folder} {folder} && "
                            f"! touch {folder}/probe 2>/dev/null"], capture_output=True)
    if probe.returncode:
        pytest.skip("cannot mount a read-only folder here")
    return ["unshare", "-m", "sh", "-c", f'mount --bind -o ro {folder} {folder} && exec "$@"', "sh"]


READ_ONLY_RUN = """
import json, sys
from typer.testing import CliRunner
import cli
runs = [CliRunner().invoke(cli.app, args) for args in json.loads(sys.argv[1])]
print(json.dumps([(r.exit_code, r.stdout, r.stderr) for r in runs]))
"""


def test_a_read_only_drill_home_is_read_and_never_half_written(drill_home):
    assert drill("start", "softmax").exit_code == 0
    commands = [["list"], ["progress"], ["next"], ["hint", "softmax"], ["start", "top_p"], ["reset", "softmax"],
                ["mock", "softmax"]]
    done = subprocess.run([*read_only(drill_home), sys.executable, "-c", READ_ONLY_RUN, json.dumps(commands)],
                          cwd=registry.ROOT, env=dict(os.environ, DRILL_HOME=str(drill_home)), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    runs = dict(zip(map(tuple, commands), json.loads(done.stdout)))
    for command in [("list",), ("progress",), ("next",)]:
        assert runs[command][0] == 0, runs[command]
    code, shown, said = runs[("hint", "softmax")]
    assert code == 0 and "hint 1/" in shown and "not recorded" in said
    for command in [("start", "top_p"), ("reset", "softmax"), ("mock", "softmax")]:
        code, _, said = runs[command]
        assert code == 2 and "read-only" in said and len(said.strip().splitlines()) == 1, runs[command]
    assert not (drill_home / "workspace" / "top_p.py").exists() and not (drill_home / "mock").exists()


# ---- grading ------------------------------------------------------------------------------------

def test_a_practice_loop_check_hint_pass_next_and_each_version_counted_once(drill_home, grader):
    drill("start", "softmax")
    path = drill_home / "workspace" / "softmax.py"
    path.write_text(SOFTMAX_NO_MAX)
    wrong = drill("check", "--no-speed", "--seed", "1")
    assert wrong.exit_code == 1
    assert "✗ values" in wrong.stdout and "softmax(x=" in wrong.stdout
    assert "looks like a classic mistake: softmax without subtracting the max" in wrong.stdout
    hinted = drill("hint").stdout
    assert hinted.index("for the mistake your last check named") < hinted.index("hint 1/")

    shutil.copyfile(registry.get("softmax").reference, path)
    passed = drill("check", "--no-speed")
    assert passed.exit_code == 0 and "Passed" in passed.stdout
    assert re.search(r"Next: drill start \w+", passed.stdout)
    path.write_text(path.read_text())                        # saved again, same content
    assert drill("check", "--no-speed").exit_code == 0

    figures = report.figures(Store(store_path()))
    softmax = next(d for d in figures["per_drill"] if d["id"] == "softmax")
    assert (softmax["attempts"], softmax["fails"]) == (2, 1)        # the repeat is not another attempt
    assert any(m["mistake"].startswith("softmax without subtracting the max") for m in figures["mistakes"])
    assert "new drills to start" in drill("next").stdout               # the review is days away


def test_a_scratch_check_is_not_recorded_unless_asked(drill_home, grader, tmp_path):
    scratch = tmp_path / "mine.py"
    shutil.copyfile(registry.get("softmax").reference, scratch)
    result = drill("check", "softmax", "--file", str(scratch), "--json", "--no-speed", "--seed", "3")
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)                  # stdout is the JSON object alone
    assert verdict["drill"] == "softmax" and verdict["passed"] is True and verdict["seed"] == 3
    assert {"name", "status", "message", "call", "mistake"} <= set(verdict["checks"][0])
    assert "scratch check" in result.stderr
    assert not [e for e in Store(store_path()).events() if e["kind"] == "check"]

    assert drill("check", "softmax", "--file", str(scratch), "--record", "--no-speed").exit_code == 0
    assert [e["status"] for e in Store(store_path()).events() if e["kind"] == "check"] == ["pass"]
    assert "passed" in drill("list").stdout

    if "cuda" not in client.devices(drill_home):
        no_cuda = one_sentence(drill("check", "softmax", "--file", str(scratch), "--device", "cuda"))
        assert "There is no cuda device on this machine" in no_cuda
