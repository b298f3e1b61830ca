import json
import os
import shutil
import subprocess
import time

import pytest
from typer.testing import CliRunner

import cli
from grader import report
from grader.home import store_path
from grader.store import Store

runner = CliRunner()


def practise(store):
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1, failed=["values"])
    store.record("check", "softmax", status="pass", seconds=1)
    store.record("start", "rope")
    store.record("hint", "rope")
    store.record("check", "rope", status="fail", seconds=1, failed=["values", "gradients"])


def test_figures_cover_topics_rates_streak_and_the_weakest(drill_home):
    store = Store(store_path())
    practise(store)
    f = report.figures(store)
    assert f["passed"] == 1 and f["attempted"] == 2 and f["checks"] == 3
    assert f["pass_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert f["streak_days"] == 1 and f["weakest"][0] == "rope"
    assert f["topics"]["basics"]["passed"] == 1
    assert f["daily_checks"][-1] == {"day": time.strftime("%Y-%m-%d"), "checks": 3, "passes": 1}


def test_progress_renders_charts_and_json(drill_home):
    practise(Store(store_path()))
    out = runner.invoke(cli.app, ["progress"]).output
    assert "coverage by topic" in out and "█" in out and "weakest: rope" in out
    data = json.loads(runner.invoke(cli.app, ["progress", "--json"]).output)
    assert data["per_drill"][0]["id"] == "rope"


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def test_html_report_is_self_contained_and_renders_its_charts(drill_home, tmp_path):
    practise(Store(store_path()))
    page = tmp_path / "report.html"
    assert runner.invoke(cli.app, ["report", "--html", str(page)]).exit_code == 0
    html = page.read_text()
    assert "<svg" in html and "http://" not in html and "https://" not in html and "<script" not in html
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium: .ci/run installs it")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    shot = tmp_path / "shot.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=900,1400",
                    f"--screenshot={shot}", page.as_uri()], check=True, capture_output=True, timeout=120)
    from PIL import Image
    image = Image.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    counts = {rgb: n for n, rgb in colours}
    assert counts.get((0x2F, 0x9E, 0x6E), 0) > 500      # the green bars of the charts were drawn
    assert counts.get((0xE0, 0x7A, 0x5F), 0) > 50       # and the failed checks' column
    dark = sum(n for rgb, n in counts.items() if sum(rgb) < 200)
    assert dark > 2000                                  # and text
