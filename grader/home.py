"""Where the learner's state lives: DRILL_HOME, or the platform's user data directory."""
from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    if os.environ.get("DRILL_HOME"):
        path = Path(os.environ["DRILL_HOME"]).expanduser()
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir("drill", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def workspace() -> Path:
    path = home() / "workspace"
    path.mkdir(parents=True, exist_ok=True)
    return path


def drill_file(drill_id: str) -> Path:
    return workspace() / f"{drill_id}.py"


def store_path() -> Path:
    return home() / "progress.sqlite3"
