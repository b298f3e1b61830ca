"""Review scheduling with FSRS, from the grader's own outcomes.

Each attempt at a drill (from `drill start` until its first pass) is rated once when it fails
and once when it passes: failing → Again; passing after hints, after seeing the solution, or over
the drill's minute budget → Hard; passing within budget → Good; passing on the first check in
under half the budget → Easy. Cards are kept in the progress store."""
from __future__ import annotations

from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler

from grader.words import say

# Day-sized intervals: a drill is practice to come back to on another day, not within minutes.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def rating(attempt: list[dict], budget_minutes: float) -> Rating | None:
    """The rating the latest check of an attempt earns, or None when it earns none.

    `attempt` is the attempt's events in order (start first, the latest check last)."""
    checks = [e for e in attempt if e["kind"] == "check" and e["status"] in ("pass", "fail")]
    if not checks:
        return None
    latest, before = checks[-1], checks[:-1]
    if latest["status"] == "fail":
        return Rating.Again if not before else None
    if any(c["status"] == "pass" for c in before):
        return None
    helped = any(e["kind"] in ("hint", "reveal") for e in attempt)
    elapsed = latest["elapsed"] if latest["elapsed"] is not None else float("inf")
    if helped or elapsed > budget_minutes * 60:
        return Rating.Hard
    if not before and elapsed <= budget_minutes * 30:
        return Rating.Easy
    return Rating.Good


def review(card_json: dict | None, grade: Rating, when: datetime | None = None) -> dict:
    card = Card.from_dict(card_json) if card_json else Card()
    card, _ = SCHEDULER.review_card(card, grade, review_datetime=when or datetime.now(timezone.utc))
    return card.to_dict()


def due(card_json: dict) -> datetime:
    return Card.from_dict(card_json).due


def after_check(store, drill_id: str, budget_minutes: float) -> str | None:
    """Rate the attempt after a check, if this check earns a rating; returns the rating's name."""
    grade = rating(store.attempt(drill_id), budget_minutes)
    if grade is None:
        return None
    previous = store.cards().get(drill_id)
    card = review(previous["card"] if previous else None, grade)
    store.record_review(drill_id, grade.name, card, due(card).timestamp())
    return grade.name


def suggestions(store, after: str | None = None, now: float | None = None) -> list[tuple[str, str]]:
    """What to practise next, best first, as (drill id, why): the next unseen drill on the path
    (registry.PATH: after `after` when it is on the path, else the first unseen), then the reviews
    that are due, soonest first, then the other unseen drills in the path's order; each why in the
    language spoken."""
    import time as clock

    from grader.learner import registry
    now = now or clock.time()
    path = registry.on_path()
    seen = store.summary()
    place = {info.id: n for n, info in enumerate(path, 1)}
    unseen = [i for i in path if i.id not in seen and i.id != after]
    if after in place:                      # the drills after the one just done come first
        unseen = [i for i in unseen if place[i.id] > place[after]] + [i for i in unseen if place[i.id] < place[after]]
    due = sorted(((d, c) for d, c in store.cards().items() if c["due"] <= now and d != after and d in place),
                 key=lambda dc: dc[1]["due"])
    new = [(i.id, say("views.schedule.new", place=place[i.id], drills=len(path), topic=i.topic, minutes=i.minutes))
           for i in unseen]
    due = [(d, say("views.schedule.review_due", rating=say(f"views.schedule.rating.{c['rating'].lower()}")))
           for d, c in due]
    return new[:1] + due + new[1:]


def today(cards: dict, now: float | None = None) -> tuple[dict, float, float | None]:
    """The reviews due by the end of today (local time), that end, and when the next review after
    them is due (None when there is none)."""
    import time
    now = time.time() if now is None else now
    end = time.mktime(time.localtime(now)[:3] + (23, 59, 59, 0, 0, -1))
    due = {k: v for k, v in cards.items() if v["due"] <= end}
    upcoming = min((c["due"] for c in cards.values()), default=None)
    return due, end, upcoming
