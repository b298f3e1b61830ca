"""The figures of a progress report, computed from the progress store (no torch, no rendering)."""
from __future__ import annotations

import time
from datetime import date, datetime, timedelta

from grader import registry


def figures(store, now: float | None = None) -> dict:
    now = now or time.time()
    infos = registry.drills()
    summary = store.summary()
    events = store.events()
    checks = [e for e in events if e["kind"] == "check" and e["status"] in ("pass", "fail")]

    topics = {}
    for info in infos.values():
        t = topics.setdefault(info.topic, {"drills": 0, "attempted": 0, "passed": 0})
        t["drills"] += 1
        s = summary.get(info.id)
        t["attempted"] += bool(s)
        t["passed"] += bool(s and s["status"] == "passed")

    per_drill = []
    for drill_id, s in summary.items():
        info = infos.get(drill_id)
        if info is None:
            continue
        mine = [c for c in checks if c["drill"] == drill_id]
        fails = sum(c["status"] == "fail" for c in mine)
        over = s["best"] is not None and s["best"] > info.minutes * 60
        weakness = (fails / max(1, len(mine))) + 0.5 * (s["status"] != "passed") + 0.2 * s["hints"] \
            + 0.5 * s["revealed"] + 0.3 * over
        per_drill.append({"id": drill_id, "title": info.title, "topic": info.topic, "status": s["status"],
                          "checks": len(mine), "fails": fails, "hints": s["hints"], "revealed": s["revealed"],
                          "best_seconds": s["best"], "budget_seconds": info.minutes * 60,
                          "weakness": round(weakness, 3)})
    per_drill.sort(key=lambda d: -d["weakness"])

    days = sorted({date.fromtimestamp(e["ts"]) for e in events})
    return {
        "generated": datetime.fromtimestamp(now).isoformat(timespec="seconds"),
        "drills": len(infos),
        "attempted": len(per_drill),
        "passed": sum(d["status"] == "passed" for d in per_drill),
        "checks": len(checks),
        "pass_rate": round(sum(c["status"] == "pass" for c in checks) / len(checks), 3) if checks else None,
        "streak_days": streak(days, date.fromtimestamp(now)),
        "topics": topics,
        "per_drill": per_drill,
        "weakest": [d["id"] for d in per_drill if d["weakness"] > 0][:5],
        "daily_checks": daily(checks, date.fromtimestamp(now), 14),
        "mocks": store.mocks(),
        "recent": [{"ts": e["ts"], "drill": e["drill"], "kind": e["kind"], "status": e["status"],
                    "failed": e["failed"]} for e in events[-10:]][::-1],
    }


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
        out.append({"day": day.isoformat(), "checks": len(mine),
                    "passes": sum(c["status"] == "pass" for c in mine)})
    return out
