"""Timed mock interviews: picking problems, the session's state on disk, the scorecard.

The session is one JSON file in DRILL_HOME/mock/, rewritten atomically after every change, so a
closed terminal or Ctrl-C loses nothing and `drill mock --resume` continues on the same clock.
Each problem gets a fresh copy of its stub in the session's own folder: the learner's practice
files are never touched."""
from __future__ import annotations

import json
import os
import random
import shutil
import time
from pathlib import Path

from grader import words
from grader.learner import home, registry
from grader.words import say

HINT_COST_S = 120      # a hint taken during a mock costs two minutes on the scorecard
SOLUTION_COST_S = 600  # a revealed solution costs ten and the problem counts as not passed


def folder() -> Path:
    path = home.home() / "mock"
    path.mkdir(parents=True, exist_ok=True)
    return path


def current_path() -> Path:
    return folder() / "current.json"


def pick(store, count: int, topic: str | None = None, difficulty: str | None = None,
         rng: random.Random | None = None) -> list[str]:
    """Unseen drills first, then the weakest, within the topic and difficulty asked; no repeats."""
    from grader.views import report
    rng = rng or random.Random()
    infos = [i for i in registry.drills().values()
             if (topic is None or i.topic == topic) and (difficulty is None or i.difficulty == difficulty)]
    summary = store.summary()
    weakness = {d["id"]: d["weakness"] for d in report.figures(store)["per_drill"]}
    ranked = sorted(infos, key=lambda i: (i.id in summary, -weakness.get(i.id, 0.0), rng.random()))
    return [i.id for i in ranked[:count]]


def new_session(drill_ids: list[str], minutes: float) -> dict:
    """A new interview, paused until the grader is ready (its start-up is not charged to the clock)."""
    now = time.time()
    session = {"id": time.strftime("%Y%m%d-%H%M%S", time.localtime(now)), "started": now,
               "minutes": minutes, "ended": None, "current": 0, "problems": [],
               "paused_at": now, "paused_total": 0.0}
    for drill_id in drill_ids:
        add_problem(session, drill_id)
    start_problem(session)
    return session


def add_problem(session: dict, drill_id: str, question: str = "") -> None:
    path = folder() / session["id"] / f"{drill_id}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        shutil.copyfile(registry.get(drill_id).stub_in(words.current()), path)
    session["problems"].append({"drill": drill_id, "file": str(path), "question": question,
                                "state": "waiting", "started": None, "first_pass": None, "attempts": 0,
                                "failed": [], "hints": 0, "solution": False, "start_recorded": False,
                                "graded": path.stat().st_mtime_ns, "digests": []})


def start_problem(session: dict) -> dict | None:
    problem = active(session)
    if problem and problem["started"] is None:
        problem["started"] = time.time()
        problem["state"] = "active"
    return problem


def active(session: dict) -> dict | None:
    i = session["current"]
    return session["problems"][i] if i < len(session["problems"]) else None


def remaining(session: dict, now: float | None = None) -> float:
    """Seconds left: the clock stops while the interview is paused."""
    now = session.get("paused_at") or now or time.time()
    return session["started"] + session["minutes"] * 60 + session.get("paused_total", 0.0) - now


def pause(session: dict) -> None:
    session["paused_at"] = session.get("paused_at") or time.time()


def resume(session: dict) -> None:
    """Start the clock again; the problems in progress do not count the pause either."""
    if session.get("paused_at"):
        pause_s = time.time() - session["paused_at"]
        session["paused_total"] = session.get("paused_total", 0.0) + pause_s
        for p in session["problems"]:
            if p["started"] is not None and p["first_pass"] is None:
                p["started"] += pause_s
        session["paused_at"] = None


def record_check(session: dict, index: int, status: str, failed: list[str], digest: str | None = None) -> None:
    """A verdict for problem `index` (the one its check was started for, whatever is active now).
    Each distinct version of the file counts once as an attempt."""
    problem = session["problems"][index]
    seen = problem.setdefault("digests", [])
    if digest is None or digest not in seen:
        problem["attempts"] += 1
        if digest:
            seen.append(digest)
    problem["failed"] = failed
    if status == "pass" and problem["first_pass"] is None:
        problem["first_pass"] = time.time()
        problem["state"] = "passed"


def follow_up(session: dict) -> bool:
    """After a pass, ask the drill's next follow-up (if time is left and it isn't asked yet)."""
    problem = active(session)
    if remaining(session) <= 0:
        return False
    asked = {p["drill"] for p in session["problems"]}
    for f in registry.get(problem["drill"]).follow_ups:
        if f["drill"] not in asked and registry.get(f["drill"]):
            position = session["current"] + 1
            add_problem(session, f["drill"], f["ask"])
            session["problems"][-1]["follow_up"] = True      # a bonus: scored apart, never against
            session["problems"][-1]["asked_by"] = problem["drill"]   # whose declaration words the question
            session["problems"].insert(position, session["problems"].pop())
            return True
    return False


def advance(session: dict) -> dict | None:
    """Move on to the next problem; None when there is none."""
    problem = active(session)
    if problem and problem["state"] == "active":
        problem["state"] = "skipped"
    session["current"] += 1
    return start_problem(session)


def finished(session: dict) -> bool:
    return session["ended"] is not None or remaining(session) <= 0 or active(session) is None


def outcome(problem: dict) -> str:
    """How a problem stands when the interview ends; every problem is scored, unfinished ones too.
    A follow-up is a bonus: what it did not reach is said as such, never as a failure."""
    if problem["solution"]:
        return "solution seen"
    if problem["first_pass"] is not None:
        return "bonus passed" if problem.get("follow_up") else "passed"
    if problem.get("follow_up"):
        return "bonus, not reached" if problem["started"] is None else "bonus, not finished"
    if problem["started"] is None:
        return "not reached"
    return "skipped" if problem["state"] == "skipped" else "unfinished"


def is_last(session: dict) -> bool:
    """Whether the active problem is the last one: moving on would end the interview."""
    return session["current"] >= len(session["problems"]) - 1


def scorecard(session: dict) -> dict:
    rows = []
    for p in session["problems"]:
        to_pass = None if p["first_pass"] is None else p["first_pass"] - p["started"]
        penalty = p["hints"] * HINT_COST_S + p["solution"] * SOLUTION_COST_S
        rows.append({"drill": p["drill"], "question": p["question"], "asked_by": p.get("asked_by", p["drill"]),
                     "state": outcome(p),
                     "passed": p["first_pass"] is not None and not p["solution"],
                     "failed_checks": p["failed"] if p["first_pass"] is None else [],
                     "seconds_to_pass": to_pass, "attempts": p["attempts"], "hints": p["hints"],
                     "solution_revealed": p["solution"], "penalty_seconds": penalty,
                     "follow_up": bool(p.get("follow_up"))})
    asked = [r for r in rows if not r["follow_up"]]
    bonus = [r for r in rows if r["follow_up"]]
    return {"id": session["id"], "minutes": session["minutes"], "started": session["started"],
            "ended": session["ended"] or time.time(), "problems": rows,
            "unstarted": sum(p["started"] is None and not p.get("follow_up") for p in session["problems"]),
            "passed": sum(r["passed"] for r in asked), "asked": len(asked),
            "bonus_passed": sum(r["passed"] for r in bonus), "bonus_asked": len(bonus)}


def title(card: dict) -> str:
    """A mock as the learner knows it: its day and hour, its length and its problems, and the result
    (follow-ups counted apart, as a bonus)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(card["started"]))
    problems = ", ".join(p["drill"] for p in card["problems"] if not p.get("follow_up"))
    bonus = say("views.mock.bonus", passed=card["bonus_passed"], asked=card["bonus_asked"]) \
        if card.get("bonus_asked") else ""
    return say("views.mock.title", when=when, minutes=f"{card['minutes']:g}", problems=problems,
               passed=card["passed"], asked=card["asked"], bonus=bonus)


def save(session: dict) -> None:
    path = current_path()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(session, indent=1))
    os.replace(tmp, path)   # atomic: a kill leaves the old or the new session, never half of one


def load() -> dict | None:
    path = current_path()
    return json.loads(path.read_text()) if path.exists() else None


def close(session: dict, store) -> dict:
    session["ended"] = session["ended"] or time.time()
    card = scorecard(session)
    try:
        store.record_mock(session["id"], card)
    except Exception:
        save(session)                    # kept for a later try rather than lost
        raise
    current_path().unlink(missing_ok=True)
    return card


def begin(store, resume: bool, drill_ids: list[str] | None, minutes: float, count: int,
          topic: str | None = None, difficulty: str | None = None) -> dict:
    """The interrupted session (resume), else a new one of `drill_ids` or of `count` drills picked
    for the learner, saved. Raises ValueError, its message one sentence, when neither can be."""
    session = load()
    if resume and session is None:
        raise ValueError(say("views.mock.nothing_to_resume"))
    if not resume and session is not None:
        raise ValueError(say("views.mock.in_progress", minutes=f"{max(0, remaining(session)) / 60:.0f}"))
    if session is None:
        if topic is not None and topic not in registry.TOPICS:
            raise ValueError(say("views.mock.no_topic", topic=repr(topic), topics=", ".join(registry.TOPICS)))
        picked = drill_ids or pick(store, count, topic, difficulty)
        if not picked:
            raise ValueError(say("views.mock.no_match"))
        session = new_session(picked, minutes)
        save(session)
    return session
