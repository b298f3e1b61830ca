"""The language drill speaks: chosen by --lang, else DRILL_LANG, else `drill config lang`, else
English (the locale only suggests it), and under zh every command and view in Chinese, measured in
cells (a Chinese character takes two) so that nothing is wider than the terminal or cut inside a
character; ids, code, numbers and --json's keys stay as they are."""
import io
import json
import re
import shutil

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import cli
from grader import words
from grader.learner import registry, settings
from grader.learner.home import store_path
from grader.learner.store import Store
from grader.runtime import client
from grader.views import html_report, mock, report
from grader.views import interview as on_screen
from grader.views import terminal as show
from grader.words.en import views as en
from grader.words.zh import views as zh

runner = CliRunner()
HAN = re.compile(r"[\u4e00-\u9fff]")
SOFTMAX_NO_MAX = "import torch\ndef softmax(x, dim=-1):\n    return x.exp() / x.exp().sum(dim, keepdim=True)\n"


def drill(*args, env=None):
    return runner.invoke(cli.app, list(args), env=env)


@pytest.fixture
def chinese():
    words.use("zh")


def rendered(renderable, width: int) -> str:
    out = Console(width=width, file=io.StringIO(), highlight=False)
    out.print(renderable)
    return out.file.getvalue()


# ---- the setting ----------------------------------------------------------------------------------

def test_lang_beats_drill_lang_beats_the_stored_preference_and_the_locale_never_decides(drill_home):
    assert settings.language([], env={}) == "en"
    assert settings.language([], env={"LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"}) == "en"
    settings.store_language("zh")
    assert settings.language([], env={}) == "zh"
    assert settings.language([], env={"DRILL_LANG": "en"}) == "en"
    assert settings.language(["--lang", "zh", "list"], env={"DRILL_LANG": "en"}) == "zh"
    assert settings.language(["--lang=en"], env={"DRILL_LANG": "zh"}) == "en"
    assert settings.language(["check", "--", "--lang", "zh"], env={}) == "zh"  # the stored one, not after --


def test_config_lang_stores_the_preference_and_shows_it(drill_home):
    assert "en (English)" in drill("config", "lang").stdout
    said = drill("config", "lang", "zh")
    assert said.exit_code == 0 and "中文" in said.stdout
    assert json.loads((drill_home / "settings.json").read_text(encoding="utf-8")) == {"lang": "zh"}
    assert "zh（中文）" in drill("config", "lang").stdout                 # said in Chinese now
    assert "题目" in drill("list", env={"COLUMNS": "80"}).stdout or drill("list").exit_code == 0
    assert drill("config", "lang", "fr").exit_code == 2
    assert drill("config", "colour", "red").exit_code == 2
    assert drill("--lang", "fr", "list").exit_code == 2
    drill("config", "lang", "en")
    assert settings.stored_language() == "en"


def test_an_unreadable_settings_file_is_no_setting(drill_home):
    drill_home.mkdir(parents=True, exist_ok=True)
    (drill_home / "settings.json").write_text("{not json")
    assert settings.stored_language() is None and settings.language([], env={}) == "en"
    assert drill("list").exit_code == 0


def test_the_locale_suggests_chinese_in_one_line_but_never_switches(drill_home):
    result = drill("list", env={"LANG": "zh_CN.UTF-8", "LC_ALL": None, "LC_MESSAGES": None})
    assert "drill config lang zh" in result.stderr and "中文" in result.stderr
    assert "\tSoftmax\t手撕softmax\t" in result.stdout and "\tnew\t" in result.stdout      # still English
    chosen = drill("list", env={"LANG": "zh_CN.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "DRILL_LANG": "en"})
    assert "drill config lang" not in chosen.stderr                 # a language was chosen: no tip


def test_help_is_chinese_under_lang_zh_and_drill_lang(drill_home):
    top = drill("--lang", "zh", "--help")
    assert top.exit_code == 0 and "手写 ML 组件练习" in top.stdout and "选项" in top.stdout
    start = drill("start", "--help", env={"DRILL_LANG": "zh"})
    assert "把题目的代码骨架复制到你的工作区" in start.stdout and "从头再来" in start.stdout
    english = drill("start", "--help")
    assert "Copy the drill's stub into your workspace" in english.stdout and "Options" in english.stdout
    assert not HAN.search(english.stdout)


# ---- the commands in Chinese ---------------------------------------------------------------------

def test_start_writes_the_chinese_stub_and_shows_its_prompt(drill_home):
    result = drill("--lang", "zh", "start", "softmax")
    assert result.exit_code == 0
    chinese = words.stub("softmax", "zh").read_text(encoding="utf-8")
    assert (drill_home / "workspace" / "softmax.py").read_text(encoding="utf-8") == chinese
    assert "数值稳定" in result.stdout and "编辑" in result.stdout and "简单" in result.stdout



def test_start_writes_the_english_stub_where_a_drill_has_no_chinese_one(drill_home, monkeypatch):
    monkeypatch.setattr(words, "stub", lambda drill_id, lang=None: None)
    assert drill("--lang", "zh", "start", "gqa").exit_code == 0
    assert (drill_home / "workspace" / "gqa.py").read_bytes() == registry.get("gqa").stub.read_bytes()


def test_hint_is_chinese(drill_home):
    drill("start", "softmax")
    said = drill("hint", "softmax", env={"DRILL_LANG": "zh"}).stdout
    first = words.drill("softmax", registry.get("softmax").hints[0], "zh")
    assert HAN.search(first) and "提示 1/" in said and first[:20] in said.replace("\n", "")


@pytest.mark.parametrize("width", [60, 80, 100, 160])
def test_the_chinese_list_puts_the_chinese_title_first_and_fits_in_cells(chinese, width):
    infos = registry.drills().values()
    text = rendered(show.drills_table(infos, {}, width), width)
    lines = text.splitlines()
    assert max(cell_len(line) for line in lines) <= width
    assert lines[0] == "题目" and "难度" in lines[1] and "状态" in lines[1]
    for info in infos:
        assert f"  {info.id} " in text                                      # ids as they are
        line = next(i for i, row in enumerate(lines) if info.zh in row)
        assert lines[line].index(info.zh) < (lines[line].index(info.title) if info.title in lines[line] else 10**6)
    assert "未开始" in text and "new" not in text.split()


def test_ids_are_typed_the_same_under_zh(drill_home):
    assert drill("--lang", "zh", "start", "GQA").exit_code == 0
    assert (drill_home / "workspace" / "gqa.py").exists()


def test_a_wrong_check_names_the_mistake_in_chinese_and_json_keeps_its_keys(drill_home, tmp_path, monkeypatch):
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    try:
        drill("start", "softmax")
        (drill_home / "workspace" / "softmax.py").write_text(SOFTMAX_NO_MAX)
        wrong = drill("--lang", "zh", "check", "--no-speed", "--seed", "1")
        mistake = words.drill("softmax", "softmax without subtracting the max (exp overflows)", "zh")
        assert wrong.exit_code == 1 and HAN.search(mistake)
        assert f"疑似经典错误： {mistake}" in wrong.stdout.replace("\n", "") and "未通过" in wrong.stdout
        scratch = tmp_path / "mine.py"
        scratch.write_text(SOFTMAX_NO_MAX)
        out = drill("--lang", "zh", "check", "softmax", "--file", str(scratch), "--json", "--no-speed", "--seed", "1")
        verdict = json.loads(out.stdout)
        assert {"drill", "passed", "status", "checks"} <= set(verdict)
        assert {"name", "status", "message", "call", "mistake"} <= set(verdict["checks"][0])
        assert mistake in [c["mistake"] for c in verdict["checks"]]
        hinted = drill("--lang", "zh", "hint").stdout
        assert hinted.index("针对上次检查指出的错误") < hinted.index("提示 1/")
    finally:
        client.stop(drill_home)


def practised(store: Store) -> None:
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", failed=["values"],
                 mistakes={"values": "softmax without subtracting the max (exp overflows)"})
    store.record("hint", "softmax", number=1)


def test_progress_and_the_html_report_are_chinese(drill_home, tmp_path):
    practised(Store(store_path()))
    shown = drill("--lang", "zh", "progress").stdout
    assert "各主题覆盖率" in shown and "逐题统计" in shown and "犯过的错误" in shown and "尝试过" in shown
    data = json.loads(drill("--lang", "zh", "progress", "--json").stdout)
    assert {"passed", "per_drill", "mistakes", "topics"} <= set(data)
    assert data["per_drill"][0]["status"] in ("started", "attempted")          # states stay as data
    assert HAN.search(data["mistakes"][0]["mistake"])
    page = tmp_path / "r.html"
    assert drill("--lang", "zh", "report", "--html", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in html and "Noto Sans CJK SC" in html and "各主题覆盖率" in html
    assert HAN.search(words.drill("softmax", "softmax without subtracting the max (exp overflows)", "zh")) and \
        words.drill("softmax", "softmax without subtracting the max (exp overflows)", "zh") in html
    english = tmp_path / "en.html"
    drill("report", "--html", str(english))
    assert '<html lang="en">' in english.read_text(encoding="utf-8")


def test_the_chinese_progress_view_is_one_with_the_html_headings(drill_home, chinese):
    practised(Store(store_path()))
    f = report.figures(Store(store_path()))
    text, page = rendered(show.progress_view(f), 200), html_report.page(f)
    for columns in report.COLUMNS.values():
        for column in columns:
            assert HAN.search(report.heading(column)) or report.heading(column) == "id"
    for column in report.COLUMNS["drills"]:
        assert report.heading(column) in text and report.heading(column) in page


# ---- the mock interview in Chinese ---------------------------------------------------------------

class Grader:
    def __call__(self, drill, file, on_check):
        raise AssertionError("not graded in this test")


@pytest.mark.parametrize("height", [24, 40])
def test_the_chinese_mock_screen_fits_80_columns_and_shows_every_prompt_line(drill_home, chinese, height):
    for drill_id in ["softmax", "gqa", "kv_cache"]:
        session = mock.new_session([drill_id], 30)
        mock.resume(session)
        interview = on_screen.Interview(session, Store(store_path()), Grader())
        body, _ = on_screen.mock_body(mock.active(session), 80)
        shown = ""
        for _ in range(len(body)):
            screen = rendered(interview.view(80, height), 80)
            assert len(screen.splitlines()) < height and max(map(cell_len, screen.splitlines())) <= 80
            assert words.say("views.interview.keys") in screen and "模拟面试" in screen
            shown += screen
            before = interview.offset
            interview.press("pagedown", page=5)
            interview.view(80, height)
            if interview.offset == before:
                break
        for line in body:
            assert line.plain.rstrip() in shown, f"{drill_id}: {line.plain!r} is never shown"
        mock.current_path().unlink(missing_ok=True)


def test_the_mock_copies_the_chinese_stub_and_asks_follow_ups_in_chinese(drill_home, chinese):
    session = mock.new_session(["softmax"], 30)
    problem = mock.active(session)
    assert open(problem["file"], encoding="utf-8").read() == words.stub("softmax", "zh").read_text(encoding="utf-8")
    problem["first_pass"] = problem["started"]
    assert mock.follow_up(session)
    asked = session["problems"][1]
    assert asked["asked_by"] == "softmax"
    mock.advance(session)
    screen = rendered(on_screen.mock_view(session, [], False, "", [], 0, 80, 24)[0], 80)
    assert "面试官：" in screen and words.drill("softmax", asked["question"]) in screen.replace("\n", "")
    card = mock.scorecard(session)
    assert HAN.search(mock.title(card)) and "追问，未完成" in rendered(show.scorecard_table(card), 160)


# ---- the catalogue and the notebook ------------------------------------------------------------

def test_every_views_template_is_in_both_languages_with_the_same_slots():
    assert set(en.MESSAGES) == set(zh.MESSAGES)
    for key, template in en.MESSAGES.items():
        assert words.slots(template) == words.slots(zh.MESSAGES[key]), key
        assert all(k.startswith("views.") for k in en.MESSAGES)


def test_the_notebook_start_page_follows_the_language(drill_home, chinese):
    import drill as magic
    page = magic.start_page(registry.get("softmax"))
    assert "数值稳定" in page and "约 5 分钟" in page and "%%drill softmax" in page
    assert magic.stub_code(registry.get("softmax")) in words.stub("softmax", "zh").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_chinese_mock_in_an_80_by_24_terminal_reads_whole_and_ends_with_a_chinese_scorecard(drill_home, monkeypatch):
    from tests.test_mock import Terminal, session, solve_active, wait_for
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    term = Terminal(drill_home)
    try:
        term.open("--lang", "zh", "mock", "softmax", "gqa", "--minutes", "20")
        wait_for(lambda: "模拟面试" in term.screen(), 300, "the mock's screen", term)
        screen = term.screen()
        assert "q 结束" in screen and "剩余" in screen and "编辑" in screen
        assert "\ufffd" not in screen                                   # no character cut in two
        assert all(cell_len(line) <= 80 for line in screen.splitlines())
        solve_active(drill_home)
        wait_for(lambda: session(drill_home)["problems"][0]["state"] == "passed", 120, "the first pass", term,
                 drill_home)
        term.keys("q")
        wait_for(lambda: "现在结束面试吗" in term.screen(), 30, "the question", term)
        term.keys("y")
        wait_for(lambda: re.search(r"的模拟面试 · 20 分钟 · softmax, gqa：通过 1/2", term.screen()), 120,
                 "the scorecard", term, drill_home)
        assert "首次通过用时" in term.screen()
    finally:
        term.close()
        client.stop(drill_home)
