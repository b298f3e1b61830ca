"""Where the learner's state lives: DRILL_HOME, or the platform's user data directory."""
from __future__ import annotations

import errno
import hashlib
import os
import shlex
import shutil
import tempfile
import time
from pathlib import Path


class HomeError(Exception):
    """DRILL_HOME cannot be used: the message says why, in one sentence."""


def home(create: bool = True) -> Path:
    """DRILL_HOME, made when it is not there yet (unless create is False)."""
    if os.environ.get("DRILL_HOME"):
        path = Path(os.environ["DRILL_HOME"]).expanduser()
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir("drill", appauthor=False))
    if create and not path.is_dir():
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


def backup(path: Path) -> Path:
    """Keep a copy of the learner's file in backups/ beside it, before it is replaced."""
    folder = path.parent / "backups"
    folder.mkdir(exist_ok=True)
    target = folder / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**6}.py"
    write_atomically(target, path.read_bytes())
    return target


def editor_command(environ) -> list[str]:
    """The command that opens a file for `drill start --edit`, split as a shell splits it
    (`code --wait`): $VISUAL, else $EDITOR, else vi; a variable set to nothing counts as unset.
    Raises ValueError, its message one sentence, when that command cannot be run here."""
    name = next((n for n in ("VISUAL", "EDITOR") if environ.get(n, "").strip()), None)
    value = environ[name] if name else "vi"
    said = f"${name} is {value!r}" if name else "neither $VISUAL nor $EDITOR is set"
    try:
        argv = shlex.split(value)
    except ValueError as e:
        raise ValueError(f"No editor can be opened: {said}, which a shell cannot split ({e}); set VISUAL or "
                         f"EDITOR, e.g. EDITOR='code --wait'.") from None
    if not argv or not argv[0] or shutil.which(argv[0], path=environ.get("PATH")) is None:
        program = argv[0] if argv else value
        raise ValueError(f"No editor can be opened: {said}, and {program!r} is not a command on PATH; set VISUAL "
                         f"or EDITOR, e.g. EDITOR='code --wait'.")
    return argv


def grader_home(path: Path) -> Path:
    """Where the warm grader keeps its log: DRILL_HOME (`path`), or a private temporary folder when
    DRILL_HOME is read-only (the check is then graded, and not recorded)."""
    if writable():
        return path
    key = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"drill-{os.getuid()}-{key}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def put_stub(drill_id: str, stub: bytes, replace: bool) -> tuple[Path, Path | None, bool]:
    """Put a drill's stub in the workspace where there is no file for it yet (or an empty one), or
    over the learner's file when `replace` (that file kept in backups/ first). Returns the file, the
    backup made (None if none) and whether the stub was written."""
    path = workspace() / f"{drill_id}.py"
    kept = backup(path) if replace and path.exists() else None
    wrote = replace or not path.exists() or not path.stat().st_size
    if wrote:
        write_atomically(path, stub)
    return path, kept, wrote
