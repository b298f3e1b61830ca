"""The figures of a progress report, computed from the progress store (no torch, no rendering), and
the formats and column headings that `drill progress` and `drill report --html` share, so that the
two say the same thing the same way.

An attempt is a distinct version of a file that was graded pass or fail: saving the same content
again (watch mode, an editor's autosave) is recorded but not counted again. A drill is started once
anything is recorded for it, attempted once graded pass or fail, passed once passed; the weakest
are drills with failing attempts, never ones only started."""
from __future__ import annotations

import time
from datetime import date, datetime, timedelta

from grader import words
from grader.learner import registry
from grader.words import say

COLUMNS = {
    "topics": ("topic", "passed", "coverage", "attempted"),
    "drills": ("id", "status", "attempts", "failed", "hints", "solution", "best", "budget"),
    "reviews": ("drill", "due", "last rating", "rated on"),
    "mistakes": ("drill", "when", "check", "mistake"),
    "recent": ("when", "drill", "event", "checks failed"),
    "mock": ("drill", "result", "to first pass", "attempts", "hints", "penalty", "checks failed"),
}
RECENT = 10
MISTAKES_SHOWN = 12


def topic_name(topic: str) -> str:
    """A topic as shown: its id, with its name in the language spoken before it ("注意力 attention")."""
    said = words.drill("", topic)
    return topic if said == topic else f"{said} {topic}"


def heading(column: str) -> str:
    """A column's heading in the language spoken."""
    return say(f"views.report.col.{column.replace(' ', '_')}")


def said(f: dict) -> dict:
    """The figures for `--json`: keys and states as they are, each mistake named in the language
    spoken."""
    return {**f, "mistakes": [{**m, "mistake": words.drill(m["drill"], m["mistake"])} for m in f["mistakes"]]}


def failed(drill_id: str, checks: list[str]) -> str:
    """The checks that failed, by their names in the language spoken."""
    return say("views.terminal.list_sep").join(words.check_name(drill_id, c) for c in checks)


def status(name: str) -> str:
    """A drill's status (new, started, attempted, passed) in the language spoken."""
    return maybe(f"views.report.drill_status.{name}", name)


def level(name: str) -> str:
    """A drill's level (easy, medium, hard) in the language spoken."""
    return maybe(f"views.report.level.{name}", name)


def rating(name: str) -> str:
    """A review's rating (Again, Hard, Good, Easy) in the language spoken."""
    return maybe(f"views.schedule.rating.{name.lower()}", name)


def maybe(key: str, default: str) -> str:
    """The template `key` where the catalogue has it, else `default` as it is (a state or kind
    recorded by a later version of drill)."""
    return say(key) if key in words.catalogue(words.DEFAULT) else default


def clock(seconds: float | None) -> str:
    """A duration as m:ss (h:mm:ss from an hour up); '' when there is none."""
    if seconds is None:
        return ""
    s = int(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def when(ts: float) -> str:
    """A moment, as every table shows it."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def due(ts: float, now: float) -> str:
    """When a review is due: 'now', or its day."""
    return say("views.report.now") if ts <= now else time.strftime("%Y-%m-%d", time.localtime(ts))


def attempts(events: list[dict]) -> list[dict]:
    """The checks that count: graded pass or fail, each version of a file once."""
    return [e for e in events if e["kind"] == "check" and e["status"] in ("pass", "fail")
            and not e["detail"].get("repeat")]


def figures(store, now: float | None = None) -> dict:
    now = now or time.time()
    infos = registry.drills()
    summary = store.summary()
    events = store.events()
    checks = attempts(events)

    topics = {}
    for info in infos.values():
        t = topics.setdefault(info.topic, {"drills": 0, "attempted": 0, "passed": 0})
        t["drills"] += 1
        status = summary[info.id]["status"] if info.id in summary else "new"
        t["attempted"] += status in ("attempted", "passed")
        t["passed"] += status == "passed"

    per_drill = []
    for drill_id, s in summary.items():
        info = infos.get(drill_id)
        if info is None:
            continue
        mine = [c for c in checks if c["drill"] == drill_id]
        fails = sum(c["status"] == "fail" for c in mine)
        hints = min(s["hints"], len(info.hints))          # a store from before hints stopped at the last
        per_drill.append({"id": drill_id, "title": info.title, "topic": info.topic, "status": s["status"],
                          "attempts": len(mine), "fails": fails, "hints": hints, "revealed": s["revealed"],
                          "best_seconds": s["best"], "budget_seconds": info.minutes * 60,
                          "weakness": weakness(s, len(mine), fails, hints, info.minutes * 60)})
    per_drill.sort(key=lambda d: -d["weakness"])

    mistakes = [{"drill": c["drill"], "ts": c["ts"], "check": name, "mistake": mistake}
                for c in checks for name, mistake in c["detail"].get("mistakes", {}).items() if mistake]
    mistakes.sort(key=lambda m: (m["drill"], -m["ts"]))
    reviews = [{"drill": d, "due": c["due"], "rating": c["rating"], "rated": c["ts"]}
               for d, c in sorted(store.cards().items(), key=lambda dc: dc[1]["due"])]

    days = sorted({date.fromtimestamp(e["ts"]) for e in events})
    return {
        "generated": datetime.fromtimestamp(now).isoformat(timespec="seconds"),
        "drills": len(infos),
        "started": len(per_drill),
        "attempted": sum(d["status"] in ("attempted", "passed") for d in per_drill),
        "passed": sum(d["status"] == "passed" for d in per_drill),
        "attempts": len(checks),
        "pass_rate": round(sum(c["status"] == "pass" for c in checks) / len(checks), 3) if checks else None,
        "streak_days": streak(days, date.fromtimestamp(now)),
        "topics": topics,
        "per_drill": per_drill,
        "weakest": [d["id"] for d in per_drill if d["fails"]][:5],
        "daily": daily(checks, date.fromtimestamp(now), 14),
        "reviews": reviews,
        "mistakes": mistakes,
        "mocks": store.mocks(),
        "recent": [{"ts": e["ts"], "drill": e["drill"], "kind": e["kind"], "status": e["status"],
                    "failed": e["failed"], "repeat": bool(e["detail"].get("repeat")),
                    "source": e["detail"].get("source", "")}
                   for e in events[-RECENT:]][::-1],
    }


def weakness(summary: dict, attempts: int, fails: int, hints: int, budget_seconds: float) -> float:
    """How weak the learner is at a drill, from its graded attempts: 0 for one never graded pass or
    fail (nothing is known yet), else the share of attempts that failed, more while it is not
    passed, and more for each hint, a solution seen and a best time over budget."""
    if not attempts:
        return 0.0
    over = summary["best"] is not None and summary["best"] > budget_seconds
    return round(fails / attempts + 0.5 * (summary["status"] != "passed") + 0.2 * hints
                 + 0.5 * summary["revealed"] + 0.3 * over, 3)


def event_name(e: dict) -> str:
    """What a recent event was, in words: 'check fail', 'check pass (same file again)', 'hint',
    'check pass in a notebook'."""
    text = maybe(f"views.report.kind.{e['kind']}", e["kind"])
    if e["status"]:
        text = say("views.report.kind_status", kind=text, status=maybe(f"views.report.status.{e['status']}", e["status"]))
    text = say("views.report.in_notebook", event=text) if e.get("source") == "notebook" else text
    return say("views.report.same_file", event=text) if e.get("repeat") else text


def result(problem: dict) -> str:
    """How a mock's problem ended: passed, solution seen, skipped, unfinished or not reached."""
    state = problem.get("state") or ("passed" if problem["passed"] else "not passed")   # older scorecards
    return maybe(f"views.report.result.{state.replace(' ', '_').replace(',', '')}", state)


def penalty(problem: dict) -> str:
    return f"+{clock(problem['penalty_seconds'])}" if problem["penalty_seconds"] else ""


def streak(days: list[date], today: date) -> int:
    """Consecutive days of practice ending today (or yesterday, if today has none yet)."""
    practised = set(days)
    day = today if today in practised else today - timedelta(days=1)
    n = 0
    while day in practised:
        n, day = n + 1, day - timedelta(days=1)
    return n


def daily(checks: list[dict], today: date, n: int) -> list[dict]:
    out = []
    for i in range(n - 1, -1, -1):
        day = today - timedelta(days=i)
        mine = [c for c in checks if date.fromtimestamp(c["ts"]) == day]
        out.append({"day": day.isoformat(), "attempts": len(mine),
                    "passes": sum(c["status"] == "pass" for c in mine)})
    return out
