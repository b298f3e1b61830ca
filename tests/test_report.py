import io
import json
import os
import re
import shutil
import subprocess
import time

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cli
from grader.views import html_report, mock, report
from grader.learner.home import store_path
from grader.learner.store import Store
from grader.views import terminal as show

runner = CliRunner()


def practise(store):
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1, failed=["values"], digest="a",
                 mistakes={"values": "softmax without subtracting the max (exp overflows)"})
    store.record("check", "softmax", status="fail", seconds=1, failed=["values"], digest="a")   # saved again
    store.record("check", "softmax", status="pass", seconds=1, digest="b")
    store.record("start", "rope")
    store.record("hint", "rope")
    store.record("check", "rope", status="fail", seconds=1, failed=["values", "gradients"], digest="c")
    store.record_review("softmax", "Good", {}, due=time.time() + 86400 * 3)


def test_figures_count_each_version_once_and_cover_topics_rates_streak_and_the_weakest(drill_home):
    store = Store(store_path())
    practise(store)
    f = report.figures(store)
    assert f["passed"] == 1 and f["attempted"] == 2 and f["attempts"] == 3        # the repeat is not counted
    assert f["pass_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert f["streak_days"] == 1 and f["weakest"][0] == "rope"
    assert f["topics"]["basics"]["passed"] == 1
    assert f["daily"][-1] == {"day": time.strftime("%Y-%m-%d"), "attempts": 3, "passes": 1}
    softmax = next(d for d in f["per_drill"] if d["id"] == "softmax")
    assert (softmax["attempts"], softmax["fails"]) == (2, 1)
    assert [(m["drill"], m["check"]) for m in f["mistakes"]] == [("softmax", "values")]
    assert [r["drill"] for r in f["reviews"]] == ["softmax"]
    assert f["recent"][-1]["kind"] == "start" and any(e["repeat"] for e in f["recent"])


def test_recent_events_say_which_came_from_a_notebook(drill_home):
    store = Store(store_path())
    store.record("check", "softmax", status="fail", seconds=1, failed=["values"], digest="a", source="notebook")
    store.record("check", "softmax", status="pass", seconds=1, digest="b")
    names = [report.event_name(e) for e in report.figures(store)["recent"]]
    assert names == ["check pass", "check fail in a notebook"]


def test_clock_is_one_format_for_every_duration():
    assert [report.clock(s) for s in (None, 0, 59.9, 61, 600, 3725)] == ["", "0:00", "0:59", "1:01", "10:00",
                                                                        "1:02:05"]


def a_mock_with_a_hint(store) -> dict:
    session = mock.new_session(["softmax", "top_p"], minutes=30)
    mock.record_check(session, 0, "pass", [], "x")
    session["problems"][0]["hints"] = 1
    return mock.close(session, store)


def text_of(renderable) -> str:
    out = Console(width=200, file=io.StringIO(), highlight=False)
    out.print(renderable)
    return out.file.getvalue()


def test_progress_and_the_html_report_agree(drill_home):
    store = Store(store_path())
    practise(store)
    a_mock_with_a_hint(store)
    f = report.figures(store)
    shown, page = text_of(show.progress_view(f)), html_report.page(f)
    for kind, headings in report.COLUMNS.items():
        for heading in headings:
            assert heading in shown, (kind, heading)
            assert f"<th>{heading}</th>" in page, (kind, heading)
    best = report.clock(next(d for d in f["per_drill"] if d["id"] == "softmax")["best_seconds"])
    mistake_day = report.when(f["mistakes"][0]["ts"])
    for text in (best, "5:00", mistake_day, "without subtracting the max", "+2:00", "not reached",
                 time.strftime("%Y-%m-%d", time.localtime(f["reviews"][0]["due"]))):
        assert text in shown and text in page, text
    assert "softmax" in page[page.index('id="reviews"'):] and "Good" in page


def test_progress_renders_charts_and_json(drill_home):
    practise(Store(store_path()))
    out = runner.invoke(cli.app, ["progress"]).output
    assert "coverage by topic" in out and "█" in out and "weakest: rope" in out
    data = json.loads(runner.invoke(cli.app, ["progress", "--json"]).stdout)
    assert data["per_drill"][0]["id"] == "rope" and data["attempts"] == 3


def test_report_to_an_unwritable_place_exits_2(drill_home, tmp_path):
    result = runner.invoke(cli.app, ["report", "--html", str(tmp_path / "no" / "such" / "folder" / "r.html")])
    assert result.exit_code == 2 and "Cannot write" in result.stderr


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def test_html_report_is_self_contained_and_renders_its_charts(drill_home, tmp_path):
    practise(Store(store_path()))
    Store(store_path()).record("check", "log_softmax", status="fail", seconds=1, failed=["values"], digest="d",
                               mistakes={"values": "log-softmax over a hard-coded axis (ignores `dim`)"})
    page = tmp_path / "report.html"
    assert runner.invoke(cli.app, ["report", "--html", str(page)]).exit_code == 0
    html = page.read_text()
    assert "<svg" in html and "http://" not in html and "https://" not in html and "<script" not in html
    assert re.search(r'<td>softmax</td><td><span class="when">\d{4}-\d\d-\d\d \d\d:\d\d</span></td><td>values</td>',
                     html)                                                  # mistakes, dated, the date kept whole
    assert ".when { white-space: nowrap; }" in html
    assert "<code>" in html and "`" not in html[html.index('id="mistakes"'):]    # code spans, not backticks
    assert re.search(r'class="count" text-anchor="middle">\d+</text>', html)   # each day's count
    assert 'class="axis"' in html and re.search(r'class="tick" text-anchor="end">\d+</text>', html)
    assert '<p class="note">generated' in html and ".note { font-size: 13px;" in html
    assert '<meta name="viewport"' in html
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium: .ci/run installs it")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    for width, height in ((900, 1400), (390, 1800)):                       # a desktop and a phone
        image = screenshot(browser, page, tmp_path / f"shot-{width}.png", tmp_path, width, height)
        counts = {rgb: n for n, rgb in image.getcolors(maxcolors=1 << 20)}
        assert counts.get((0x2F, 0x9E, 0x6E), 0) > 300, width    # the green bars of the charts were drawn
        assert counts.get((0xE0, 0x7A, 0x5F), 0) > 30, width     # and the failed attempts' column
        dark = sum(n for rgb, n in counts.items() if sum(rgb) < 200)
        assert dark > 2000, width                                   # and text


def screenshot(browser: str, page, shot, tmp_path, width: int, height: int):
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={width},{height}",
                    f"--screenshot={shot}", page.as_uri()], check=True, capture_output=True, timeout=120)
    from PIL import Image
    return Image.open(shot).convert("RGB")


def test_the_chinese_report_page_draws_its_characters(drill_home, tmp_path):
    """Under zh the page is Chinese, and Chromium draws its characters in the page's own fonts: two
    different characters give two different glyphs (a missing font draws the same empty box for
    both)."""
    practise(Store(store_path()))
    page = tmp_path / "report.html"
    assert runner.invoke(cli.app, ["--lang", "zh", "report", "--html", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in html and "各主题覆盖率" in html
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium: .ci/run installs it")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    fonts = html_report.FONTS["zh"]
    probe = tmp_path / "glyphs.html"
    probe.write_text(f'<html lang="zh-CN"><meta charset="utf-8"><style>body {{ margin: 0; font: 120px/1 {fonts}; }}'
                     '</style><body>'
                     '<span style="position:absolute;left:0;top:0">进</span>'
                     '<span style="position:absolute;left:200px;top:0">度</span></body></html>', encoding="utf-8")
    image = screenshot(browser, probe, tmp_path / "glyphs.png", tmp_path, 400, 160)
    first, second = image.crop((0, 0, 150, 150)), image.crop((200, 0, 350, 150))
    ink = [sum(1 for p in crop.getdata() if sum(p) < 300) for crop in (first, second)]
    assert min(ink) > 200, ink                                             # something is drawn
    assert list(first.getdata()) != list(second.getdata()), "the same box for both: no CJK font"
    shot = screenshot(browser, page, tmp_path / "zh.png", tmp_path, 900, 1400)
    assert sum(n for n, rgb in shot.getcolors(maxcolors=1 << 20) if sum(rgb) < 200) > 2000
