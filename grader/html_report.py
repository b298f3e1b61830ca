"""A self-contained HTML page of the progress figures: inline CSS and SVG, no network."""
from __future__ import annotations

from html import escape


def bar_chart(rows: list[tuple[str, float, float]], width: int = 420) -> str:
    """Horizontal bars: (label, value, maximum) per row."""
    height = 22 * len(rows) + 6
    parts = [f'<svg width="{width + 230}" height="{height}" role="img">']
    for i, (label, value, top) in enumerate(rows):
        y = 4 + 22 * i
        w = 0 if not top else round(width * value / top)
        parts.append(f'<text x="0" y="{y + 14}" class="label">{escape(label)}</text>'
                     f'<rect x="150" y="{y}" width="{width}" height="16" class="track"/>'
                     f'<rect x="150" y="{y}" width="{w}" height="16" class="bar"/>'
                     f'<text x="{156 + width}" y="{y + 14}" class="label">{value:g}/{top:g}</text>')
    return "".join(parts) + "</svg>"


def column_chart(days: list[dict], width: int = 560, height: int = 120) -> str:
    top = max([d["checks"] for d in days] + [1])
    step = width / len(days)
    parts = [f'<svg width="{width}" height="{height + 20}" role="img">']
    for i, d in enumerate(days):
        h_all = round(height * d["checks"] / top)
        h_pass = round(height * d["passes"] / top)
        x = round(i * step) + 2
        parts.append(f'<rect x="{x}" y="{height - h_all}" width="{round(step) - 4}" height="{h_all}" class="fail"/>'
                     f'<rect x="{x}" y="{height - h_pass}" width="{round(step) - 4}" height="{h_pass}" class="bar"/>'
                     f'<text x="{x}" y="{height + 14}" class="small">{d["day"][5:]}</text>')
    return "".join(parts) + "</svg>"


def page(f: dict) -> str:
    topics = bar_chart([(t, v["passed"], v["drills"]) for t, v in f["topics"].items()])
    rows = "".join(
        f"<tr><td>{escape(d['id'])}</td><td>{escape(d['title'])}</td><td>{d['status']}</td>"
        f"<td>{d['checks']}</td><td>{d['fails']}</td><td>{d['hints']}</td>"
        f"<td>{'' if d['best_seconds'] is None else round(d['best_seconds'] / 60, 1)}</td>"
        f"<td>{d['budget_seconds'] // 60}</td></tr>" for d in f["per_drill"])
    mocks = "".join(
        f"<h3>mock {escape(m['id'])}: {m['passed']}/{m['asked']} passed</h3><table>"
        "<tr><th>drill</th><th>passed</th><th>min to pass</th><th>attempts</th><th>hints</th><th>solution</th></tr>"
        + "".join(f"<tr><td>{escape(p['drill'])}</td><td>{'yes' if p['passed'] else 'no'}</td>"
                  f"<td>{'' if p['seconds_to_pass'] is None else round(p['seconds_to_pass'] / 60, 1)}</td>"
                  f"<td>{p['attempts']}</td><td>{p['hints']}</td><td>{'revealed' if p['solution_revealed'] else ''}</td></tr>"
                  for p in m["problems"]) + "</table>" for m in f["mocks"][-5:][::-1])
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    weakest = ", ".join(escape(w) for w in f["weakest"]) or "none yet"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>drill progress</title>
<style>
body {{ font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 760px; color: #1d2330; }}
h1 {{ font-size: 1.5em; }} h2 {{ font-size: 1.1em; margin-top: 1.6em; }}
.tiles {{ display: flex; gap: 12px; }} .tile {{ border: 1px solid #d5d9e2; border-radius: 8px; padding: 8px 14px; }}
.tile b {{ display: block; font-size: 1.6em; }}
table {{ border-collapse: collapse; width: 100%; }} td, th {{ border-bottom: 1px solid #e3e6ec; padding: 3px 6px; text-align: left; }}
.bar {{ fill: #2f9e6e; }} .track {{ fill: #eef0f4; }} .fail {{ fill: #e07a5f; }}
.label {{ font-size: 12px; fill: #1d2330; }} .small {{ font-size: 10px; fill: #59607a; }}
</style></head><body>
<h1>drill — progress</h1>
<p class="small">generated {escape(f["generated"])}</p>
<div class="tiles">
<div class="tile" id="passed"><b>{f["passed"]}/{f["drills"]}</b>drills passed</div>
<div class="tile" id="rate"><b>{rate}</b>of {f["checks"]} checks passed</div>
<div class="tile" id="streak"><b>{f["streak_days"]}</b>day streak</div>
</div>
<h2>Coverage by topic</h2>{topics}
<h2>Checks per day (passes in green)</h2>{column_chart(f["daily_checks"])}
<h2>Weakest</h2><p id="weakest">{weakest}</p>
<h2>Per drill</h2>
<table><tr><th>id</th><th>title</th><th>status</th><th>checks</th><th>fails</th><th>hints</th><th>best min</th><th>budget min</th></tr>
{rows}</table>
<h2>Mock interviews</h2>{mocks or "<p>none yet</p>"}
</body></html>
"""
