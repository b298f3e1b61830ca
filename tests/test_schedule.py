import time

from fsrs import Rating
from typer.testing import CliRunner

import cli
from grader.learner import schedule
from grader.learner.home import store_path
from grader.learner.store import Store


def attempt(*events):
    """Events of one attempt: ("start",), ("hint",), ("check", status, elapsed_seconds)."""
    out = []
    for e in events:
        out.append({"kind": e[0], "status": e[1] if len(e) > 1 else None, "elapsed": e[2] if len(e) > 2 else None})
    return out


def test_ratings_follow_the_grader_outcomes():
    assert schedule.rating(attempt(("start",), ("check", "fail", 60)), 10) == Rating.Again
    assert schedule.rating(attempt(("start",), ("check", "fail", 60), ("check", "fail", 90)), 10) is None
    assert schedule.rating(attempt(("start",), ("check", "pass", 120)), 10) == Rating.Easy
    assert schedule.rating(attempt(("start",), ("check", "fail", 60), ("check", "pass", 400)), 10) == Rating.Good
    assert schedule.rating(attempt(("start",), ("hint",), ("check", "pass", 100)), 10) == Rating.Hard
    assert schedule.rating(attempt(("start",), ("check", "pass", 900)), 10) == Rating.Hard
    assert schedule.rating(attempt(("start",), ("check", "pass", 100), ("check", "pass", 120)), 10) is None
    assert schedule.rating(attempt(("start",), ("check", "todo", 5)), 10) is None


def test_a_failure_is_due_sooner_than_an_easy_pass():
    again = schedule.due(schedule.review(None, Rating.Again))
    easy = schedule.due(schedule.review(None, Rating.Easy))
    assert again < easy


def test_checks_schedule_reviews_that_next_and_today_show(drill_home):
    store = Store(store_path())
    store.record("start", "softmax")
    store.record("check", "softmax", status="fail", seconds=1, failed=["values"])
    assert schedule.after_check(store, "softmax", 5) == "Again"
    store.record("start", "rope")
    store.record("check", "rope", status="pass", seconds=1)
    assert schedule.after_check(store, "rope", 10) == "Easy"
    cards = store.cards()
    assert cards["softmax"]["due"] < cards["rope"]["due"]
    assert cards["softmax"]["due"] > time.time() + 3600        # day-sized, not minutes
    runner = CliRunner()
    shown = runner.invoke(cli.app, ["next"]).output
    assert shown.index("softmax") < shown.index("rope") and "Again" in shown and "Easy" in shown
    assert "Nothing due today" in runner.invoke(cli.app, ["today"]).output


def test_after_a_pass_the_next_step_is_the_topic_then_due_reviews_then_the_rest(drill_home):
    from grader.learner import registry
    store = Store(store_path())
    basics = [d for d, i in registry.drills().items() if i.topic == "basics"]
    store.record("start", "softmax")
    store.record("check", "softmax", status="pass", seconds=1)
    store.record("start", "rope")
    store.record_review("rope", "Again", {}, due=time.time() - 60)
    following = [d for d, _ in schedule.suggestions(store, after="softmax")]
    unseen_basics = [d for d in basics if d != "softmax"]
    assert following[:len(unseen_basics)] == unseen_basics
    assert following[len(unseen_basics)] == "rope"                       # due, after the topic's new drills
    assert set(following[len(unseen_basics) + 1:]) == set(registry.drills()) - set(basics) - {"rope"}
    assert "drill start activations" in cli.next_step("softmax")
