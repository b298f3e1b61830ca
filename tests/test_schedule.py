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


def test_after_a_pass_the_next_step_follows_the_path_then_due_reviews_then_the_rest(drill_home):
    from grader.learner import registry
    store = Store(store_path())
    store.record("start", "softmax")
    store.record("check", "softmax", status="pass", seconds=1)
    store.record("start", "rope")
    store.record_review("rope", "Again", {}, due=time.time() - 60)
    following = [d for d, _ in schedule.suggestions(store, after="softmax")]
    path = [d for d in registry.PATH if d not in ("softmax", "rope")]
    assert following == path[:1] + ["rope"] + path[1:]      # the next on the path, the due review, the rest
    assert following[0] == registry.PATH[1]
    assert f"drill start {registry.PATH[1]}" in cli.next_step("softmax")


def test_the_path_holds_every_drill_once_foundations_first():
    from grader.learner import registry
    assert sorted(registry.PATH) == sorted(registry.drills()), "every drill has its place on the path"
    assert len(set(registry.PATH)) == len(registry.PATH)
    assert registry.PATH[0] == "softmax"
    levels = [registry.get(d).difficulty for d in registry.PATH[:10]]
    assert "hard" not in levels                                    # the path starts easy


def test_a_new_learner_is_offered_the_path_by_next_progress_and_list(drill_home):
    from grader.learner import registry
    runner = CliRunner()
    shown = runner.invoke(cli.app, ["next"]).output
    first = [d for d in registry.PATH[:3]]
    assert all(d in shown for d in first) and shown.index(first[0]) < shown.index(first[1]) < shown.index(first[2])
    assert f"drill start {registry.PATH[0]}" in shown
    assert f"drill start {registry.PATH[0]}" in runner.invoke(cli.app, ["progress"]).output
    listed = runner.invoke(cli.app, ["list", "--path"]).output.splitlines()
    assert [line.split("\t")[1] for line in listed] == registry.PATH
    assert [line.split("\t")[0] for line in listed[:3]] == ["1", "2", "3"]


def test_the_schedule_follows_the_latest_outcome_even_for_a_file_checked_before(drill_home):
    from grader.engine.result import Check, Verdict
    from grader.learner import record
    store = Store(store_path())

    def checked(status, digest):
        verdict = Verdict("softmax", "softmax.py", 1.0, [Check("values", status)])
        return record.check(store, "softmax", verdict, digest, "softmax.py")

    store.record("start", "softmax")
    assert checked("pass", "passing file")
    store.record("start", "softmax")                    # practised again later
    assert checked("fail", "an edit that broke it")
    assert store.cards()["softmax"]["rating"] == "Again"
    assert not checked("pass", "passing file")          # the passing file again: not a new attempt ...
    assert store.cards()["softmax"]["rating"] != "Again"    # ... but the review follows the pass
