"""The progress store: one SQLite file in DRILL_HOME; every start, check, hint, reveal and reset
is a row with a timestamp. Each write is one transaction, so concurrent checks lose nothing and a
kill in the middle of a write leaves the store as it was before it.

Months of history are worth keeping: the store is backed up (SQLite's online backup) once a day
and before each schema change into DRILL_HOME/backups/, the last BACKUPS_KEPT daily copies kept. A
store that is not a readable SQLite file is moved aside, never deleted, and the latest backup is
restored; a missing store with backups beside it is restored, not recreated empty; a store written
by a newer drill is refused and left untouched. A read-only DRILL_HOME is read without writing."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path

SCHEMA_VERSION = 4
KINDS = ("start", "check", "hint", "reveal", "reset")
BACKUPS_KEPT = 14
LOCK_SECONDS = 5.0
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
    4: """
    CREATE TABLE attempts (         -- each distinct version of a file checked counts once
        drill     TEXT NOT NULL,
        digest    TEXT NOT NULL,
        ts        REAL NOT NULL,
        PRIMARY KEY (drill, digest)
    );
    """,
}


class StoreError(Exception):
    """The store cannot be used as it is: the message says why, in one sentence."""


class ReadOnly(StoreError):
    """A write was asked of a store that can only be read."""


def writable(path: Path) -> bool:
    folder = path.parent
    return os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


class Store:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.backups = self.path.parent / "backups"
        self.notes: list[str] = []          # what the learner should be told (a restore, say)
        self.read_only = not writable(self.path)
        if self.read_only:
            if not self.path.exists():
                self.memory = True          # nothing recorded yet and nowhere to record: an empty view
                return
            self._check_readable()
            return
        self.memory = False
        self._recover()
        self._migrate()
        self._daily_backup()

    # ---- opening ------------------------------------------------------------------------------

    def _connect(self, write: bool = True) -> sqlite3.Connection:
        if getattr(self, "memory", False):
            db = sqlite3.connect(":memory:", isolation_level=None)
            for v in range(1, SCHEMA_VERSION + 1):
                db.executescript(MIGRATIONS[v])
            db.row_factory = sqlite3.Row
            return db
        if self.read_only:
            db = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True, isolation_level=None)
        else:
            db = sqlite3.connect(self.path, timeout=LOCK_SECONDS, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {int(LOCK_SECONDS * 1000)}")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        db.row_factory = sqlite3.Row
        return db

    def _version(self, db) -> int:
        return db.execute("PRAGMA user_version").fetchone()[0]

    def _check_readable(self) -> None:
        try:
            with closing(self._connect()) as db:
                version = self._version(db)
                db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"the progress store {self.path} cannot be read ({e}) and DRILL_HOME is read-only, "
                             f"so it cannot be repaired: run drill doctor where it is writable") from None
        if version > SCHEMA_VERSION:
            raise StoreError(f"the progress store {self.path} was written by a newer version of drill (schema "
                             f"{version}; this one knows {SCHEMA_VERSION}): upgrade drill to use it")

    def _recover(self) -> None:
        """A missing store with backups: restored. An unreadable one: moved aside, then restored."""
        if not self.path.exists():
            latest = self.latest_backup()
            if latest:
                self._restore_from(latest)
                self.notes.append(f"the progress store was missing: restored from the backup of "
                                  f"{backup_date(latest)} ({latest})")
            return
        problem = self._damage()
        if not problem:
            return
        aside = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        self.path.rename(aside)
        for suffix in ("-wal", "-shm"):
            extra = Path(str(self.path) + suffix)
            if extra.exists():
                extra.rename(Path(str(aside) + suffix))
        latest = self.latest_backup()
        if latest:
            self._restore_from(latest)
            self.notes.append(f"the progress store was damaged ({problem}): it is kept as {aside}, and the backup of "
                              f"{backup_date(latest)} was restored ({latest})")
        else:
            self.notes.append(f"the progress store was damaged ({problem}) and there is no backup: it is kept as "
                              f"{aside}, and a new store was started")

    def _damage(self) -> str:
        try:
            with closing(sqlite3.connect(self.path, timeout=LOCK_SECONDS)) as db:
                result = db.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.OperationalError as e:
            if "locked" in str(e):
                return ""                   # another program holds it: not damage
            return str(e)
        except sqlite3.DatabaseError as e:
            return str(e)
        return "" if result == "ok" else result

    def _migrate(self) -> None:
        with closing(self._connect()) as db:
            try:
                db.execute("BEGIN IMMEDIATE")        # the version is read under the write lock: race-free
            except sqlite3.OperationalError as e:
                raise StoreError(f"the progress store is locked by another program ({e})") from None
            version = self._version(db)
            if version > SCHEMA_VERSION:
                db.execute("ROLLBACK")
                raise StoreError(f"the progress store {self.path} was written by a newer version of drill (schema "
                                 f"{version}; this one knows {SCHEMA_VERSION}): upgrade drill, or set DRILL_HOME "
                                 f"to another folder; the store was not changed")
            if version == SCHEMA_VERSION:
                db.execute("COMMIT")
                return
            if version > 0:
                self._backup(db, f"progress-before-v{SCHEMA_VERSION}-{time.strftime('%Y%m%d-%H%M%S')}.sqlite3")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[v].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {v}")
            db.execute("COMMIT")

    # ---- backups ------------------------------------------------------------------------------

    def backup_files(self) -> list[Path]:
        if not self.backups.is_dir():
            return []
        return sorted(self.backups.glob("progress-*.sqlite3"), key=lambda p: p.stat().st_mtime)

    def latest_backup(self) -> Path | None:
        files = self.backup_files()
        return files[-1] if files else None

    def _backup(self, db, name: str) -> Path:
        self.backups.mkdir(exist_ok=True)
        target = self.backups / name
        tmp = target.with_suffix(".tmp")
        with closing(sqlite3.connect(tmp)) as out:
            db.backup(out)
        os.replace(tmp, target)
        return target

    def _daily_backup(self) -> None:
        name = f"progress-{time.strftime('%Y-%m-%d')}.sqlite3"
        if (self.backups / name).exists():
            return
        try:
            with closing(self._connect()) as db:
                if not db.execute("SELECT count(*) FROM events").fetchone()[0]:
                    return                       # nothing to keep yet
                self._backup(db, name)
        except (sqlite3.Error, OSError):
            return                               # a backup is a courtesy; the store itself is fine
        daily = [p for p in self.backup_files() if p.name[9:19].count("-") == 2 and "before" not in p.name]
        for old in daily[:-BACKUPS_KEPT]:
            old.unlink(missing_ok=True)

    def _restore_from(self, backup: Path) -> None:
        tmp = self.path.with_name(self.path.name + ".restoring")
        shutil.copyfile(backup, tmp)
        os.replace(tmp, self.path)

    def restore(self, backup: Path) -> Path | None:
        """Replace the store with a backup; the current store is kept beside it. Returns where."""
        if self.read_only:
            raise ReadOnly(f"DRILL_HOME ({self.path.parent}) is read-only: nothing can be restored there")
        aside = None
        if self.path.exists():
            aside = self.path.with_name(f"{self.path.name}.replaced-{time.strftime('%Y%m%d-%H%M%S')}")
            shutil.copyfile(self.path, aside)
        for suffix in ("-wal", "-shm"):
            Path(str(self.path) + suffix).unlink(missing_ok=True)
        self._restore_from(backup)
        return aside

    def integrity(self) -> str:
        with closing(self._connect()) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]

    # ---- writing ------------------------------------------------------------------------------

    def _write(self):
        if self.read_only or getattr(self, "memory", False):
            raise ReadOnly(f"DRILL_HOME ({self.path.parent}) is read-only: nothing can be recorded")
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            db.close()
            raise StoreError(f"the progress store is busy: another program has held it for more than "
                             f"{LOCK_SECONDS:g} s ({e})") from None
        return db

    def record(self, kind: str, drill: str, *, status=None, seconds=None, failed=(), digest=None, **detail) -> bool:
        """Record an event; for a check with a digest, only the first check of that version of the
        file counts as an attempt (returns False for a repeat, which is still recorded as seen)."""
        assert kind in KINDS, kind
        now = time.time()
        db = self._write()
        try:
            elapsed, new = None, True
            if kind == "check":
                start = self._last(db, drill, "start")
                elapsed = now - start["ts"] if start else None
                if digest:
                    new = db.execute("INSERT OR IGNORE INTO attempts (drill, digest, ts) VALUES (?, ?, ?)",
                                     (drill, digest, now)).rowcount == 1
                    detail["repeat"] = not new
            db.execute("INSERT INTO events (ts, drill, kind, status, seconds, elapsed, failed, detail) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (now, drill, kind, status, seconds, elapsed, json.dumps(list(failed)), json.dumps(detail)))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()
        return new

    @staticmethod
    def _last(db, drill, kind):
        return db.execute("SELECT * FROM events WHERE drill = ? AND kind = ? ORDER BY id DESC LIMIT 1",
                          (drill, kind)).fetchone()

    def record_review(self, drill: str, rating: str, card: dict, due: float) -> None:
        db = self._write()
        try:
            db.execute("INSERT INTO reviews (ts, drill, rating, card, due) VALUES (?, ?, ?, ?, ?)",
                       (time.time(), drill, rating, json.dumps(card), due))
            db.execute("COMMIT")
        finally:
            db.close()

    def record_mock(self, mock_id: str, scorecard: dict) -> None:
        db = self._write()
        try:
            db.execute("INSERT OR REPLACE INTO mocks (id, ts, scorecard) VALUES (?, ?, ?)",
                       (mock_id, time.time(), json.dumps(scorecard)))
            db.execute("COMMIT")
        finally:
            db.close()

    # ---- reading ------------------------------------------------------------------------------

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

    def cards(self) -> dict[str, dict]:
        """Each reviewed drill's latest card, with its due time and last rating."""
        with closing(self._connect()) as db:
            rows = db.execute("SELECT * FROM reviews WHERE id IN (SELECT MAX(id) FROM reviews GROUP BY drill)").fetchall()
        return {r["drill"]: {"card": json.loads(r["card"]), "due": r["due"], "rating": r["rating"],
                             "ts": r["ts"]} for r in rows}

    def mocks(self) -> list[dict]:
        with closing(self._connect()) as db:
            rows = db.execute("SELECT scorecard FROM mocks ORDER BY ts").fetchall()
        return [json.loads(r["scorecard"]) for r in rows]

    def last_started(self) -> str | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT drill FROM events WHERE kind = 'start' ORDER BY id DESC LIMIT 1").fetchone()
        return row["drill"] if row else None

    def last_touched(self) -> str | None:
        """The drill last started or checked."""
        with closing(self._connect()) as db:
            row = db.execute("SELECT drill FROM events WHERE kind IN ('start', 'check') ORDER BY id DESC LIMIT 1"
                             ).fetchone()
        return row["drill"] if row else None

    def hints_taken(self, drill: str) -> int:
        """Hints asked for since the drill was last reset."""
        n = 0
        for e in self.events(drill):
            n = 0 if e["kind"] == "reset" else n + (e["kind"] == "hint")
        return n

    def summary(self) -> dict[str, dict]:
        """Per drill: status (attempted / passed), best time to pass, attempts, hints, revealed."""
        out: dict[str, dict] = {}
        for e in self.events():
            s = out.setdefault(e["drill"], {"status": "attempted", "best": None, "checks": 0,
                                            "passes": 0, "hints": 0, "revealed": False, "last": None})
            s["last"] = e["ts"]
            if e["kind"] == "check":
                if not e["detail"].get("repeat"):
                    s["checks"] += 1
                if e["status"] == "pass":
                    s["status"], s["passes"] = "passed", s["passes"] + 1
                    if e["elapsed"] is not None and (s["best"] is None or e["elapsed"] < s["best"]):
                        s["best"] = e["elapsed"]
            s["hints"] += e["kind"] == "hint"
            s["revealed"] |= e["kind"] == "reveal"
        return out


def backup_date(path: Path) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
