"""A self-contained HTML page of the progress figures: inline CSS and SVG, no network. It shows what
`drill progress` shows, under the same headings and in the same formats (grader.views.report)."""
from __future__ import annotations

import re
import time
from html import escape

from grader import words
from grader.views import mock
from grader.views.report import (COLUMNS, MISTAKES_SHOWN, clock, due, event_name, failed, heading, penalty, rating,
                                 result, status, topic_name, when)
from grader.words import say

# the fonts a page is set in: Latin first, then one that has the Chinese characters on each system
FONTS = {"en": "system-ui, sans-serif",
         "zh": ('system-ui, -apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", '
                '"Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif')}
HTML_LANG = {"en": "en", "zh": "zh-CN"}


def svg_bar(value: float, top: float, width: int = 200) -> str:
    """A bar in a table cell: `value` of `top`."""
    w = 0 if not top else round(width * min(value, top) / top)
    return (f'<svg width="{width}" height="12" role="img"><rect width="{width}" height="12" class="track"/>'
            f'<rect width="{w}" height="12" class="bar"/></svg>')


def column_chart(days: list[dict], width: int = 560, height: int = 120) -> str:
    """Attempts per day as columns (passes in green over the failed ones), with a count axis and each
    day's count above its column."""
    top = max([d["attempts"] for d in days] + [1])
    left, above = 28, 16                                 # room for the axis labels and the counts
    step = (width - left) / len(days)
    full = height + above + 22
    parts = [f'<svg width="{width}" height="{full}" viewBox="0 0 {width} {full}" role="img" '
             f'aria-label="{escape(say("views.html.per_day_label"))}">',
             f'<line x1="{left - 2}" y1="{above}" x2="{left - 2}" y2="{above + height}" class="axis"/>',
             f'<line x1="{left - 2}" y1="{above + height}" x2="{width}" y2="{above + height}" class="axis"/>',
             f'<text x="{left - 6}" y="{above + 4}" class="tick" text-anchor="end">{top}</text>',
             f'<text x="{left - 6}" y="{above + height}" class="tick" text-anchor="end">0</text>']
    for i, d in enumerate(days):
        h_all = round(height * d["attempts"] / top)
        h_pass = round(height * d["passes"] / top)
        x = round(left + i * step) + 2
        w = max(1, round(step) - 4)
        parts.append(f'<rect x="{x}" y="{above + height - h_all}" width="{w}" height="{h_all}" class="fail"/>'
                     f'<rect x="{x}" y="{above + height - h_pass}" width="{w}" height="{h_pass}" class="bar"/>'
                     f'<text x="{x}" y="{above + height + 16}" class="tick">{d["day"][5:]}</text>')
        if d["attempts"]:
            parts.append(f'<text x="{x + w / 2}" y="{above + height - h_all - 3}" class="count" '
                         f'text-anchor="middle">{d["attempts"]}</text>')
    return "".join(parts) + "</svg>"


def code_spans(text: str) -> "Markup":
    """Text whose `code` spans (a mistake's `dim`, `generator`) are shown as code, not as backticks."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(text)))


def stamp(text: str) -> "Markup":
    """A date and time that never wraps inside a table cell."""
    return Markup(f'<span class="when">{escape(text)}</span>')


class Markup(str):
    """A cell that is already HTML (a chart), not text to escape."""


def over_budget(d: dict) -> Markup | str:
    """The best time to pass, red when it is over the drill's budget."""
    best = clock(d["best_seconds"])
    return Markup(f'<span class="over">{best}</span>') if best and d["best_seconds"] > d["budget_seconds"] else best


def table(kind: str, rows: list[tuple], id_: str = "") -> str:
    """A table with the headings `drill progress` gives the same figures."""
    head = "".join(f"<th>{escape(heading(c))}</th>" for c in COLUMNS[kind])
    body = "".join("<tr>" + "".join(f"<td>{v if isinstance(v, Markup) else escape(str(v))}</td>" for v in row)
                   + "</tr>" for row in rows)
    named = f' id="{id_}"' if id_ else ""
    return f'<div class="scroll"><table{named}><tr>{head}</tr>{body}</table></div>'


def page(f: dict, now: float | None = None) -> str:
    now = now or time.time()
    topics = table("topics", [(topic_name(name), f"{t['passed']}/{t['drills']}", Markup(svg_bar(t["passed"], t["drills"])),
                               t["attempted"]) for name, t in f["topics"].items()], "topics")
    drills = table("drills", [(d["id"], status(d["status"]), d["attempts"], d["fails"], d["hints"],
                               say("views.report.seen") if d["revealed"] else "", over_budget(d),
                               clock(d["budget_seconds"])) for d in f["per_drill"]], "drills")
    reviews = table("reviews", [(r["drill"], stamp(due(r["due"], now)), rating(r["rating"]), stamp(when(r["rated"])))
                                for r in f["reviews"]], "reviews")
    mistakes = table("mistakes", [(m["drill"], stamp(when(m["ts"])), code_spans(words.check_name(m["drill"], m["check"])),
                                   code_spans(words.drill(m["drill"], m["mistake"])))
                                  for m in f["mistakes"][:MISTAKES_SHOWN]], "mistakes")
    recent = table("recent", [(stamp(when(e["ts"])), e["drill"], event_name(e), failed(e["drill"], e["failed"]))
                              for e in f["recent"]], "recent")
    mocks = "".join(
        f"<h3>{escape(mock.title(m))}</h3>"
        + table("mock", [(p["drill"], result(p), clock(p["seconds_to_pass"]), p["attempts"], p["hints"], penalty(p),
                          failed(p["drill"], p["failed_checks"])) for p in m["problems"]])
        for m in f["mocks"][-3:][::-1])
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    weakest = ", ".join(escape(w) for w in f["weakest"]) or escape(say("views.report.none_yet"))
    h = {key: escape(say(f"views.html.{key}", passed=f["passed"], drills=f["drills"], rate=rate,
                         attempts=f["attempts"], streak=f["streak_days"], when=when(now)))
         for key in ("title", "heading", "generated", "passed", "rate", "streak", "topics", "per_day", "weakest",
                     "per_drill", "reviews", "no_reviews", "mistakes", "no_mistakes", "recent", "mocks", "no_mocks")}
    lang = words.current()
    return f"""<!doctype html>
<html lang="{HTML_LANG.get(lang, lang)}"><head><meta charset="utf-8"><title>{h["title"]}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 15px/1.45 {FONTS.get(lang, FONTS["en"])}; margin: 2em auto; max-width: 820px; padding: 0 12px; color: #1d2330; }}
h1 {{ font-size: 1.5em; }} h2 {{ font-size: 1.1em; margin-top: 1.6em; }}
.tiles {{ display: flex; flex-wrap: wrap; gap: 12px; }} .tile {{ border: 1px solid #d5d9e2; border-radius: 8px; padding: 8px 14px; }}
.tile b {{ display: block; font-size: 1.6em; }}
table {{ border-collapse: collapse; width: 100%; }} td, th {{ border-bottom: 1px solid #e3e6ec; padding: 3px 6px; text-align: left; }}
.bar {{ fill: #2f9e6e; }} .over {{ color: #c0392b; }} .track {{ fill: #eef0f4; }} .fail {{ fill: #e07a5f; }}
.tick {{ font-size: 11px; fill: #59607a; }} .count {{ font-size: 11px; fill: #1d2330; }} .axis {{ stroke: #9aa1b2; }}
.note {{ font-size: 13px; color: #59607a; }} .when {{ white-space: nowrap; }} .scroll {{ overflow-x: auto; }}
code {{ font: 13px ui-monospace, monospace; background: #eef0f4; padding: 0 3px; border-radius: 3px; }}
svg {{ max-width: 100%; height: auto; }} #mistakes td:last-child {{ min-width: 14em; }}
</style></head><body>
<h1>{h["heading"]}</h1>
<p class="note">{h["generated"]}</p>
<div class="tiles">
<div class="tile" id="passed"><b>{f["passed"]}/{f["drills"]}</b>{h["passed"]}</div>
<div class="tile" id="rate"><b>{rate}</b>{h["rate"]}</div>
<div class="tile" id="streak"><b>{f["streak_days"]}</b>{h["streak"]}</div>
</div>
<h2>{h["topics"]}</h2>{topics}
<h2>{h["per_day"]}</h2>{column_chart(f["daily"])}
<h2>{h["weakest"]}</h2><p id="weakest">{weakest}</p>
<h2>{h["per_drill"]}</h2>{drills}
<h2>{h["reviews"]}</h2>{reviews if f["reviews"] else f"<p>{h['no_reviews']}</p>"}
<h2>{h["mistakes"]}</h2>{mistakes if f["mistakes"] else f"<p>{h['no_mistakes']}</p>"}
<h2>{h["recent"]}</h2>{recent}
<h2>{h["mocks"]}</h2>{mocks or f"<p>{h['no_mocks']}</p>"}
</body></html>
"""
