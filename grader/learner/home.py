"""Where the learner's state lives: DRILL_HOME, or the platform's user data directory."""
from __future__ import annotations

import errno
import os
from pathlib import Path


class HomeError(Exception):
    """DRILL_HOME cannot be used: the message says why, in one sentence."""


def home() -> Path:
    if os.environ.get("DRILL_HOME"):
        path = Path(os.environ["DRILL_HOME"]).expanduser()
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir("drill", appauthor=False))
    if not path.is_dir():
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise HomeError(f"DRILL_HOME ({path}) cannot be created: {e.strerror or e}") from None
    return path


def writable() -> bool:
    return os.access(home(), os.W_OK)


def workspace(create: bool = True) -> Path:
    path = home() / "workspace"
    if create and not path.is_dir():
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise HomeError(f"the workspace ({path}) cannot be created: {e.strerror or e}") from None
    return path


def drill_file(drill_id: str) -> Path:
    return workspace(create=False) / f"{drill_id}.py"


def store_path() -> Path:
    return home() / "progress.sqlite3"


def why_not_written(e: OSError) -> str:
    """Why a file could not be written, for the learner: a read-only DRILL_HOME said as such."""
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"DRILL_HOME is read-only here ({e.strerror})"
    if e.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
        return f"the disk is full ({e.strerror})"
    return e.strerror or str(e)


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (a temporary file, then a rename): a full disk leaves no
    empty or half file behind."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
