"""The progress store: one SQLite file in DRILL_HOME; every start, check, hint, reveal and reset
is a row with a timestamp. Each write is one transaction, so concurrent checks lose nothing and a
kill in the middle of a write leaves the store as it was before it."""
from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path

SCHEMA_VERSION = 3
KINDS = ("start", "check", "hint", "reveal", "reset")
MIGRATIONS = {
    1: """
    CREATE TABLE events (
        id       INTEGER PRIMARY KEY,
        ts       REAL NOT NULL,
        drill    TEXT NOT NULL,
        kind     TEXT NOT NULL CHECK (kind IN ('start', 'check', 'hint', 'reveal', 'reset')),
        status   TEXT,            -- check: pass / fail / todo
        seconds  REAL,            -- check: how long grading took
        elapsed  REAL,            -- check: seconds since the drill was last started
        failed   TEXT,            -- check: JSON list of the failing checks' names
        detail   TEXT             -- JSON: anything else worth keeping (seed, file, hint number)
    );
    CREATE INDEX events_drill ON events (drill, ts);
    """,
    2: """
    CREATE TABLE reviews (          -- FSRS: one row per rating, the card as it was after it
        id       INTEGER PRIMARY KEY,
        ts       REAL NOT NULL,
        drill    TEXT NOT NULL,
        rating   TEXT NOT NULL,
        card     TEXT NOT NULL,     -- JSON of the fsrs Card
        due      REAL NOT NULL
    );
    CREATE INDEX reviews_drill ON reviews (drill, id);
    """,
    3: """
    CREATE TABLE mocks (            -- one scorecard per mock interview
        id        TEXT PRIMARY KEY,
        ts        REAL NOT NULL,
        scorecard TEXT NOT NULL     -- JSON
    );
    """,
}


class Store:
    def __init__(self, path: Path):
        self.path = path
        with closing(self._connect()) as db, db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise RuntimeError(f"{path} was written by a newer drill (schema {version})")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                db.executescript(f"BEGIN IMMEDIATE; {MIGRATIONS[v]} PRAGMA user_version = {v}; COMMIT;")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.row_factory = sqlite3.Row
        return db

    def record(self, kind: str, drill: str, *, status=None, seconds=None, failed=(), **detail) -> None:
        assert kind in KINDS, kind
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            elapsed = None
            if kind == "check":
                start = self._last(db, drill, "start")
                elapsed = now - start["ts"] if start else None
            db.execute("INSERT INTO events (ts, drill, kind, status, seconds, elapsed, failed, detail) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (now, drill, kind, status, seconds, elapsed, json.dumps(list(failed)),
                        json.dumps(detail)))
            db.execute("COMMIT")

    @staticmethod
    def _last(db, drill, kind):
        return db.execute("SELECT * FROM events WHERE drill = ? AND kind = ? ORDER BY id DESC LIMIT 1",
                          (drill, kind)).fetchone()

    def events(self, drill: str | None = None) -> list[dict]:
        with closing(self._connect()) as db:
            rows = db.execute("SELECT * FROM events WHERE ? IS NULL OR drill = ? ORDER BY id",
                              (drill, drill)).fetchall()
        return [dict(r) | {"failed": json.loads(r["failed"] or "[]"), "detail": json.loads(r["detail"] or "{}")}
                for r in rows]

    def attempt(self, drill: str) -> list[dict]:
        """The events since the drill was last started (or since the beginning)."""
        events = self.events(drill)
        starts = [i for i, e in enumerate(events) if e["kind"] in ("start", "reset")]
        return events[starts[-1]:] if starts else events

    def record_review(self, drill: str, rating: str, card: dict, due: float) -> None:
        with closing(self._connect()) as db:
            db.execute("INSERT INTO reviews (ts, drill, rating, card, due) VALUES (?, ?, ?, ?, ?)",
                       (time.time(), drill, rating, json.dumps(card), due))

    def cards(self) -> dict[str, dict]:
        """Each reviewed drill's latest card, with its due time and last rating."""
        with closing(self._connect()) as db:
            rows = db.execute("SELECT * FROM reviews WHERE id IN (SELECT MAX(id) FROM reviews GROUP BY drill)").fetchall()
        return {r["drill"]: {"card": json.loads(r["card"]), "due": r["due"], "rating": r["rating"],
                             "ts": r["ts"]} for r in rows}

    def record_mock(self, mock_id: str, scorecard: dict) -> None:
        with closing(self._connect()) as db:
            db.execute("INSERT OR REPLACE INTO mocks (id, ts, scorecard) VALUES (?, ?, ?)",
                       (mock_id, time.time(), json.dumps(scorecard)))

    def mocks(self) -> list[dict]:
        with closing(self._connect()) as db:
            rows = db.execute("SELECT scorecard FROM mocks ORDER BY ts").fetchall()
        return [json.loads(r["scorecard"]) for r in rows]

    def last_started(self) -> str | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT drill FROM events WHERE kind = 'start' ORDER BY id DESC LIMIT 1").fetchone()
        return row["drill"] if row else None

    def hints_taken(self, drill: str) -> int:
        """Hints asked for since the drill was last reset."""
        n = 0
        for e in self.events(drill):
            n = 0 if e["kind"] == "reset" else n + (e["kind"] == "hint")
        return n

    def summary(self) -> dict[str, dict]:
        """Per drill: status (attempted / passed), best time to pass, checks, hints, revealed."""
        out: dict[str, dict] = {}
        for e in self.events():
            s = out.setdefault(e["drill"], {"status": "attempted", "best": None, "checks": 0,
                                            "passes": 0, "hints": 0, "revealed": False, "last": None})
            s["last"] = e["ts"]
            if e["kind"] == "check":
                s["checks"] += 1
                if e["status"] == "pass":
                    s["status"], s["passes"] = "passed", s["passes"] + 1
                    if e["elapsed"] is not None and (s["best"] is None or e["elapsed"] < s["best"]):
                        s["best"] = e["elapsed"]
            s["hints"] += e["kind"] == "hint"
            s["revealed"] |= e["kind"] == "reveal"
        return out
