"""Recording what the learner did, for every front-end alike (the CLI, the watch loop, the mock
interview and the notebook): the store opened once per command, writes that never stop the
command when they fail, a check and the review it earns, a hint.

Messages for the learner go to `say` (one plain sentence); nothing here prints."""
from __future__ import annotations

import hashlib
from pathlib import Path

from grader.engine.result import Verdict
from grader.learner import home, registry, schedule
from grader.learner.home import HomeError
from grader import words
from grader.learner.store import Store, StoreError

_opened: list[Store] = []


def reopen() -> None:
    """Open the store afresh at its next use: each command (and each notebook cell) opens the store
    of the DRILL_HOME it runs under."""
    _opened.clear()


def opened(say=print) -> Store:
    """The progress store, opened once per command; what its opening repaired is said once. Raises
    StoreError or HomeError when it cannot be opened."""
    if not _opened:
        _opened.append(Store(home.store_path()))
        for note in _opened[0].notes:
            say(words.say("views.record.note", note=note))
    return _opened[0]


def attempt(what: str, write, say=print) -> bool:
    """Open the store and run a write to it; when that cannot be done (the store cannot be opened,
    is read-only, locked, full, ...), say so in one sentence and return False: the command's own
    result stands. A missing DRILL_HOME (HomeError) is raised: no command can go on without it."""
    try:
        opened(say)
        write()
        return True
    except HomeError:
        raise
    except Exception as e:          # the store's own errors, sqlite3's, a full disk, ...
        text = str(e) if isinstance(e, StoreError) else f"{type(e).__name__}: {e}"
        say(words.say("views.record.not_recorded", what=what, why=text))
    return False


def digest_of(path) -> str | None:
    """What tells one version of a file from another."""
    try:
        return hashlib.sha1(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def check(s: Store, drill_id: str, verdict: Verdict, digest: str | None, path, **detail) -> bool:
    """Store the check and the review it earns (`detail`: more to keep with it, such as
    source="notebook"). Each distinct version of the file counts once as an attempt: returns False
    for a version checked before (recorded, not counted again). The review follows the latest
    outcome, a version checked before included (schedule.rating rates an attempt's first fail and
    first pass)."""
    failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
    mistakes = {c.name: c.mistake for c in verdict.checks if c.mistake}
    hints = list(dict.fromkeys(c.hint for c in verdict.checks if c.hint))
    new = s.record("check", drill_id, status=verdict.status, seconds=verdict.seconds, failed=failed,
                   seed=verdict.seed, file=str(path), mistakes=mistakes, hints=hints, digest=digest, **detail)
    # rated even when this version was checked before: going back to a file that passed, after a
    # failing edit, is the attempt's first pass, and the schedule follows it
    schedule.after_check(s, drill_id, registry.get(drill_id).minutes)
    return new


def verdict(drill_id: str, graded: Verdict, digest: str | None, path, say=print, **detail) -> bool:
    """Record a check (check, watch, a notebook cell), unless the grader itself failed: that is never
    held against the learner. True when it was recorded."""
    if graded.status == "error":
        say(words.say("views.record.grader_failed"))
        return False
    return attempt(words.say("views.record.this_check"), lambda: check(opened(say), drill_id, graded, digest, path, **detail), say)


def hints_to_show(taken: int, total: int) -> tuple[int, bool]:
    """After `taken` hints of `total` were shown: how many to show now, and whether that is one more
    (to record). Past the last, the hints stay as they are and nothing more is counted."""
    if taken >= total:
        return total, False
    return taken + 1, True


def hint(s: Store, info: registry.DrillInfo, say=print, **detail) -> tuple[list[str], int, bool]:
    """Record one more hint for a drill that has hints (`detail` is kept with it). Returns the hints
    for the mistake the last check named, how many of the drill's hints to show, and whether that
    was one more (once every hint is shown, asking again records nothing)."""
    checks = [e for e in s.attempt(info.id) if e["kind"] == "check"]
    named = checks[-1]["detail"].get("hints", []) if checks else []
    n, more = hints_to_show(s.hints_taken(info.id), len(info.hints))
    if more:
        attempt(words.say("views.record.this_hint"), lambda: s.record("hint", info.id, number=n, **detail), say)
    return named, n, more
