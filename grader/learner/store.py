"""The progress store: one SQLite file in DRILL_HOME; every start, check, hint, reveal and reset
is a row with a timestamp. Each write is one transaction, so concurrent checks lose nothing and a
kill in the middle of a write leaves the store as it was before it.

Months of history are worth keeping: the store is backed up (SQLite's online backup) once a day
and before each schema change into DRILL_HOME/backups/, the last BACKUPS_KEPT daily copies kept. A
store that is not a readable SQLite file is moved aside, never deleted, and the latest backup is
restored; a missing (or emptied) store with backups beside it is restored, not recreated empty; a
store written by a newer drill is refused and left untouched, byte for byte. Recovery and schema
changes happen under a lock file, so that commands started at once on a fresh DRILL_HOME do not
race. A read-only DRILL_HOME is read without writing; a write there, or to a store another program
keeps locked past LOCK_SECONDS, raises StoreError with a one-sentence reason.

While the learner's code runs, a Keeper holds a copy of the store and puts it back if the code
deleted or damaged it."""
from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import sqlite3
import tempfile
import time
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import quote

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


DAILY = re.compile(r"progress-\d{4}-\d{2}-\d{2}\.sqlite3$")
KEEP_IN_MEMORY = 256 * 2**20        # the Keeper copies a store up to this size


def _uri(path: Path, **options) -> str:
    return f"file:{quote(str(path))}?" + "&".join(f"{k}={v}" for k, v in options.items())


def inspect(path: Path) -> tuple[int, str]:
    """(schema version, what is wrong with the file, '' when nothing), read without changing it:
    no journal mode is set and nothing is written (a newer drill's store stays as it is). Only a
    file SQLite finds damaged is said to be; a store it cannot read now (locked, an I/O error,
    a full disk) raises sqlite3.OperationalError: that is no reason to move it aside."""
    try:
        with closing(sqlite3.connect(_uri(path, mode="ro"), uri=True, timeout=LOCK_SECONDS)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return version, ""
            result = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as e:          # not a database, malformed: damage
        return 0, str(e)
    return version, "" if result == "ok" else result


def newer(path: Path, version: int) -> StoreError:
    return StoreError(f"the progress store {path} was written by a newer version of drill (schema {version}; this "
                      f"one knows {SCHEMA_VERSION}): upgrade drill, or set DRILL_HOME to another folder; the store "
                      f"was not changed")


def copy_database(source: sqlite3.Connection, target: sqlite3.Connection, seconds: float = LOCK_SECONDS) -> None:
    """SQLite's online backup from source to target, given up (sqlite3.OperationalError) after
    `seconds` of the source being locked: Python's own retries for as long as it stays locked."""
    deadline = time.monotonic() + seconds

    def progress(status, remaining, total):
        if status in (5, 6) and time.monotonic() > deadline:          # SQLITE_BUSY, SQLITE_LOCKED
            raise sqlite3.OperationalError(f"the database stayed locked for more than {seconds:g} s")
    source.backup(target, progress=progress, sleep=0.05)


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 10**6:06d}"


class Store:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.backups = self.path.parent / "backups"
        self.notes: list[str] = []          # what the learner should be told (a restore, say)
        self.source = self.path             # the file read: the store, or when read-only a backup or a copy
        self.immutable = False
        self.private = False                # reading a private copy (of a read-only store with an unmerged log)
        self.memory = False
        self.read_only = not writable(self.path)
        if self.read_only:
            self._open_read_only()
            return
        try:
            with self._lock():
                self._recover()
                self._migrate()
        except OSError as e:                # a full disk, a folder where a file should be, ...
            raise StoreError(f"the progress store {self.path} could not be opened or repaired "
                             f"({e.strerror or e}); it was left as it is") from None
        self._daily_backup()

    # ---- opening ------------------------------------------------------------------------------

    @contextmanager
    def _lock(self):
        """Recovery and migration, one process at a time (a lock file beside the store)."""
        try:
            import fcntl
            fd = os.open(self.path.parent / ".progress.lock", os.O_CREAT | os.O_RDWR, 0o600)
        except (ImportError, OSError):
            yield
            return
        try:
            deadline = time.monotonic() + 2 * LOCK_SECONDS
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise StoreError(f"the progress store is busy: another drill command has been repairing "
                                         f"or upgrading it for more than {2 * LOCK_SECONDS:g} s") from None
                    time.sleep(0.02)
            yield
        finally:
            os.close(fd)                  # releases the lock

    def _connect(self) -> sqlite3.Connection:
        if self.memory:
            db = sqlite3.connect(":memory:", isolation_level=None)
            for v in range(1, SCHEMA_VERSION + 1):
                db.executescript(MIGRATIONS[v])
        elif self.private:
            db = sqlite3.connect(self.source, isolation_level=None)
        elif self.read_only:
            options = {"mode": "ro", "immutable": 1} if self.immutable else {"mode": "ro"}
            db = sqlite3.connect(_uri(self.source, **options), uri=True, isolation_level=None, timeout=LOCK_SECONDS)
        else:
            db = sqlite3.connect(self.path, timeout=LOCK_SECONDS, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {int(LOCK_SECONDS * 1000)}")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        db.row_factory = sqlite3.Row
        return db

    def _version(self, db) -> int:
        return db.execute("PRAGMA user_version").fetchone()[0]

    def _open_read_only(self) -> None:
        """A read-only DRILL_HOME or store: read what there is, change nothing."""
        if not self.path.exists():
            latest = self.latest_backup()
            if latest is None:
                self.memory = True          # nothing recorded yet and nowhere to record: an empty view
                return
            self.source = latest
            self.notes.append(f"the progress store is missing and DRILL_HOME is read-only: showing the backup of "
                              f"{backup_date(latest)} ({latest}); nothing was restored")
        wal = Path(str(self.source) + "-wal")
        if self.source == self.path and wal.exists() and wal.stat().st_size:
            folder = Path(tempfile.mkdtemp(prefix="drill-store-"))   # a private copy replays the unmerged log
            atexit.register(shutil.rmtree, folder, True)
            for suffix in ("", "-wal"):
                shutil.copyfile(str(self.path) + suffix, str(folder / self.path.name) + suffix)
            self.source, self.private = folder / self.path.name, True
        else:
            self.immutable = True           # nothing else can be in the middle of writing it
        version, problem = self._inspect_readable()
        if version > SCHEMA_VERSION:
            raise newer(self.path, version)
        if problem:
            raise StoreError(f"the progress store {self.path} cannot be read ({problem}) and DRILL_HOME is "
                             f"read-only, so it cannot be repaired: run drill doctor where it is writable")

    def _inspect_readable(self) -> tuple[int, str]:
        try:
            with closing(self._connect()) as db:
                version = self._version(db)
                if version > SCHEMA_VERSION:
                    return version, ""
                result = db.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as e:
            return 0, str(e)
        return version, "" if result == "ok" else result

    def _recover(self) -> None:
        """A missing or emptied store with backups: restored. An unreadable one: moved aside, then
        restored. A newer drill's: refused, untouched."""
        latest = self.latest_backup()
        if not self.path.exists():
            self._move_aside(f"{self.path.name}.missing-{stamp()}")       # a log left without its store would be
            if latest:                                                    # applied to whatever comes in its place
                self._restore_from(latest)
                self.notes.append(f"the progress store was missing: restored from the backup of "
                                  f"{backup_date(latest)} ({latest})")
            return
        try:
            version, problem = inspect(self.path)
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                return                                 # another program holds it: not damage
            raise StoreError(f"the progress store {self.path} cannot be read now ({e}); it was left as it is") \
                from None
        if version > SCHEMA_VERSION:
            raise newer(self.path, version)
        if not problem and version == 0 and latest and self._empty():
            problem = "it was empty"
        if not problem:
            return
        aside = self._move_aside(f"{self.path.name}.damaged-{stamp()}")
        if latest:
            self._restore_from(latest)
            self.notes.append(f"the progress store was damaged ({problem}): it is kept as {aside}, and the backup of "
                              f"{backup_date(latest)} was restored ({latest})")
        else:
            self.notes.append(f"the progress store was damaged ({problem}) and there is no backup: it is kept as "
                              f"{aside}, and a new store was started")

    def _move_aside(self, name: str) -> Path:
        """Rename the store and its log (-wal, -shm) to name: kept, never deleted."""
        return move_aside(self.path, name)

    def _empty(self) -> bool:
        """No table at all: a file that was created or truncated but never written."""
        try:
            with closing(sqlite3.connect(_uri(self.path, mode="ro"), uri=True)) as db:
                return db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        except sqlite3.Error:
            return False

    def _migrate(self) -> None:
        try:
            with closing(self._connect()) as db:
                if self._version(db) == SCHEMA_VERSION:
                    return                           # the usual case: no lock taken
                try:
                    db.execute("BEGIN IMMEDIATE")    # the version is read again under the write lock
                except sqlite3.OperationalError as e:
                    raise StoreError(f"the progress store is locked by another program ({e})") from None
                version = self._version(db)
                if version > SCHEMA_VERSION:
                    db.execute("ROLLBACK")
                    raise newer(self.path, version)
                if version == SCHEMA_VERSION:
                    db.execute("COMMIT")
                    return
                if version > 0:              # read by another connection: a backup cannot read through
                    with closing(sqlite3.connect(self.path, timeout=LOCK_SECONDS)) as source:   # a writing one
                        self._backup(source, f"progress-before-v{SCHEMA_VERSION}-{stamp()}.sqlite3")
                for v in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in MIGRATIONS[v].split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {v}")
                db.execute("COMMIT")
        except sqlite3.Error as e:
            raise StoreError(f"the progress store {self.path} could not be opened ({e})") from None

    # ---- backups ------------------------------------------------------------------------------

    def backup_files(self) -> list[Path]:
        if not self.backups.is_dir():
            return []
        return sorted(self.backups.glob("progress-*.sqlite3"), key=lambda p: (p.stat().st_mtime, p.name))

    def latest_backup(self) -> Path | None:
        files = self.backup_files()
        return files[-1] if files else None

    def _backup(self, db, name: str) -> Path:
        self.backups.mkdir(exist_ok=True)
        target = self.backups / name
        tmp = self.backups / f".{name}.{os.getpid()}.tmp"
        try:
            with closing(sqlite3.connect(tmp)) as out:
                copy_database(db, out)
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
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
        daily = [p for p in self.backup_files() if DAILY.match(p.name)]
        for old in daily[:-BACKUPS_KEPT]:
            old.unlink(missing_ok=True)

    def _restore_from(self, backup: Path) -> None:
        """Put a copy of backup where the store is not (missing, or moved aside)."""
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.restoring")
        try:
            shutil.copyfile(backup, tmp)
            os.replace(tmp, self.path)
        finally:
            tmp.unlink(missing_ok=True)

    def restore(self, backup: Path) -> Path | None:
        """Replace the store's content with a backup's, in one transaction; the current store is
        kept beside it first. Returns where."""
        if self.read_only:
            raise ReadOnly(f"DRILL_HOME ({self.path.parent}) is read-only: nothing can be restored there")
        try:
            version, problem = inspect(backup)
        except sqlite3.OperationalError as e:
            version, problem = 0, str(e)
        if problem or version > SCHEMA_VERSION:
            raise StoreError(f"{backup.name} cannot be restored: " + (problem or f"it was written by a newer drill "
                                                                      f"(schema {version})") + "; nothing was changed")
        with self._lock():
            aside = None
            try:
                if self.path.exists():
                    aside = self.path.with_name(f"{self.path.name}.replaced-{stamp()}")
                    with closing(self._connect()) as db, closing(sqlite3.connect(aside)) as out:
                        copy_database(db, out)
                with closing(sqlite3.connect(_uri(backup, mode="ro"), uri=True)) as src, \
                        closing(self._connect()) as db:
                    copy_database(src, db)
            except sqlite3.Error as e:
                raise StoreError(f"{backup.name} could not be restored ({e}); the store was not changed") from None
            self._migrate()
        return aside

    def integrity(self) -> str:
        try:
            with closing(self._connect()) as db:
                return db.execute("PRAGMA integrity_check").fetchone()[0]
        except sqlite3.Error as e:
            return str(e)

    # ---- writing ------------------------------------------------------------------------------

    @contextmanager
    def _transaction(self):
        if self.read_only or self.memory:
            raise ReadOnly(f"DRILL_HOME ({self.path.parent}) is read-only: nothing can be recorded")
        try:
            db = self._connect()
        except sqlite3.Error as e:
            raise StoreError(f"the progress store could not be opened for writing ({e})") from None
        try:
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as e:
                raise StoreError(f"the progress store is busy: another program has held it for more than "
                                 f"{LOCK_SECONDS:g} s ({e})") from None
            try:
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"the progress store could not be written ({e}); it is as it was before") from None
            finally:
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass                  # closing without a commit rolls back too
        finally:
            db.close()

    def record(self, kind: str, drill: str, *, status=None, seconds=None, failed=(), digest=None, **detail) -> bool:
        """Record an event; for a check with a digest, only the first check of that version of the
        file counts as an attempt (returns False for a repeat, which is still recorded as seen)."""
        assert kind in KINDS, kind
        now = time.time()
        with self._transaction() as db:
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
        return new

    @staticmethod
    def _last(db, drill, kind):
        return db.execute("SELECT * FROM events WHERE drill = ? AND kind = ? ORDER BY id DESC LIMIT 1",
                          (drill, kind)).fetchone()

    def record_review(self, drill: str, rating: str, card: dict, due: float) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO reviews (ts, drill, rating, card, due) VALUES (?, ?, ?, ?, ?)",
                       (time.time(), drill, rating, json.dumps(card), due))

    def record_mock(self, mock_id: str, scorecard: dict) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO mocks (id, ts, scorecard) VALUES (?, ?, ?)",
                       (mock_id, time.time(), json.dumps(scorecard)))

    def _rows(self, sql: str, params=()) -> list:
        try:
            with closing(self._connect()) as db:
                return db.execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"the progress store {self.path} could not be read ({e})") from None

    # ---- reading ------------------------------------------------------------------------------

    def events(self, drill: str | None = None) -> list[dict]:
        rows = self._rows("SELECT * FROM events WHERE ? IS NULL OR drill = ? ORDER BY id", (drill, drill))
        return [dict(r) | {"failed": json.loads(r["failed"] or "[]"), "detail": json.loads(r["detail"] or "{}")}
                for r in rows]

    def attempt(self, drill: str) -> list[dict]:
        """The events since the drill was last started (or since the beginning)."""
        events = self.events(drill)
        starts = [i for i, e in enumerate(events) if e["kind"] in ("start", "reset")]
        return events[starts[-1]:] if starts else events

    def cards(self) -> dict[str, dict]:
        """Each reviewed drill's latest card, with its due time and last rating."""
        rows = self._rows("SELECT * FROM reviews WHERE id IN (SELECT MAX(id) FROM reviews GROUP BY drill)")
        return {r["drill"]: {"card": json.loads(r["card"]), "due": r["due"], "rating": r["rating"],
                             "ts": r["ts"]} for r in rows}

    def mocks(self) -> list[dict]:
        rows = self._rows("SELECT scorecard FROM mocks ORDER BY ts")
        return [json.loads(r["scorecard"]) for r in rows]

    def last_started(self) -> str | None:
        rows = self._rows("SELECT drill FROM events WHERE kind = 'start' ORDER BY id DESC LIMIT 1")
        return rows[0]["drill"] if rows else None

    def last_touched(self) -> str | None:
        """The drill last started or checked."""
        rows = self._rows("SELECT drill FROM events WHERE kind IN ('start', 'check') ORDER BY id DESC LIMIT 1")
        return rows[0]["drill"] if rows else None

    def hints_taken(self, drill: str) -> int:
        """Hints asked for since the drill was last reset."""
        n = 0
        for e in self.events(drill):
            n = 0 if e["kind"] == "reset" else n + (e["kind"] == "hint")
        return n

    def summary(self) -> dict[str, dict]:
        """Per drill with anything recorded: status, best time to pass, checks, hints shown, revealed.

        The status says what happened, no more: "started" (started, hinted or its solution seen, but
        never graded pass or fail), "attempted" (graded, never passed), "passed". A check of the
        untouched stub (todo) is not an attempt. `hints` is how many of the drill's hints have been
        shown: they come in order, so it is the most asked for between two resets."""
        out: dict[str, dict] = {}
        since_reset: dict[str, int] = {}
        for e in self.events():
            s = out.setdefault(e["drill"], {"status": "started", "best": None, "checks": 0,
                                            "passes": 0, "hints": 0, "revealed": False, "last": None})
            s["last"] = e["ts"]
            if e["kind"] == "check":
                if not e["detail"].get("repeat"):
                    s["checks"] += 1
                if e["status"] == "fail" and s["status"] == "started":
                    s["status"] = "attempted"
                if e["status"] == "pass":
                    s["status"], s["passes"] = "passed", s["passes"] + 1
                    if e["elapsed"] is not None and (s["best"] is None or e["elapsed"] < s["best"]):
                        s["best"] = e["elapsed"]
            elif e["kind"] == "reset":
                since_reset[e["drill"]] = 0
            elif e["kind"] == "hint":
                since_reset[e["drill"]] = since_reset.get(e["drill"], 0) + 1
                s["hints"] = max(s["hints"], since_reset[e["drill"]])
            s["revealed"] |= e["kind"] == "reveal"
        return out


def move_aside(path: Path, name: str) -> Path:
    """Rename a store and its log files (-wal, -shm), those that exist, to name."""
    aside = path.with_name(name)
    for suffix in ("", "-wal", "-shm"):
        extra = Path(str(path) + suffix)
        if extra.exists():
            extra.rename(Path(str(aside) + suffix))
    return aside


def backup_date(path: Path) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))


class Keeper:
    """The progress store as it was before the learner's code ran, held in memory, and put back if
    that code deleted or damaged it (DRILL_HOME is not in its environment, but a path can be typed)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.copy: sqlite3.Connection | None = None
        self.version = 0
        try:
            if not self.path.is_file() or self.path.stat().st_size > KEEP_IN_MEMORY:
                return
            version, problem = inspect(self.path)
            if problem or version > SCHEMA_VERSION or version == 0:
                return
            self.version = version
            with closing(sqlite3.connect(_uri(self.path, mode="ro"), uri=True, timeout=1)) as db:
                self.copy = sqlite3.connect(":memory:")
                copy_database(db, self.copy, seconds=1.0)
        except (sqlite3.Error, OSError):
            self.copy = None

    def check(self) -> str:
        """'' when the store is as the learner's code found it (or changed only by drill); else the
        store is put back, and what happened is said in one sentence."""
        if self.copy is None:
            return ""
        try:
            if self.path.is_file():
                try:
                    version, problem = inspect(self.path)
                except sqlite3.OperationalError:
                    return ""                      # cannot be judged now (locked, full disk): left alone
                if not problem and version < self.version:
                    problem = "it was emptied"
                if not problem:
                    return ""
                aside = move_aside(self.path, f"{self.path.name}.damaged-{stamp()}")
                what = f"damaged the progress store ({problem}; kept as {aside})"
            else:
                move_aside(self.path, f"{self.path.name}.missing-{stamp()}")
                what = f"deleted the progress store {self.path}"
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.restoring")
            with closing(sqlite3.connect(tmp)) as out:
                copy_database(self.copy, out)
            os.replace(tmp, self.path)
            return f"your code {what}: it was put back as it was before this check"
        except (sqlite3.Error, OSError) as e:
            return f"the progress store changed while your code ran and could not be put back ({e})"
        finally:
            self.copy.close()
            self.copy = None


def events_in(path: Path) -> str:
    """How many events a backup holds, said as text ("unreadable" when it cannot be read)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            return str(db.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return "unreadable"
