"""The learner's settings, kept under DRILL_HOME in settings.json (for now the language they chose
with `drill config lang`). The file is written whole or not at all, like everything under
DRILL_HOME; one that cannot be read counts as no setting, and the command goes on in English."""
from __future__ import annotations

import json
import os
from pathlib import Path

from grader import words
from grader.learner import home

FILE = "settings.json"


def path(create: bool = False) -> Path:
    return home.home(create=create) / FILE


def read() -> dict:
    """Every setting stored; {} when there are none or the file cannot be read."""
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError, home.HomeError):
        return {}
    return data if isinstance(data, dict) else {}


def stored_language() -> str | None:
    """The language the learner chose with `drill config lang`, None when none (or not one drill
    speaks)."""
    try:
        return words.known(read()["lang"])
    except (KeyError, ValueError, AttributeError, TypeError):
        return None


def store_language(lang: str) -> str:
    """Keep `lang` as the learner's language (ValueError when drill does not speak it; HomeError or
    OSError when DRILL_HOME cannot be written)."""
    data = read()
    data["lang"] = words.known(lang)
    home.write_atomically(path(create=True), (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return data["lang"]


def flag(args: list[str]) -> str | None:
    """The value of --lang among command-line `args` (`--lang zh` or `--lang=zh`), before the
    command is parsed: the help a command prints is already in that language."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def language(args: list[str], env=None) -> str:
    """The language a command speaks: --lang, else DRILL_LANG, else the stored preference, else
    English (the locale never decides it). ValueError names a language drill does not speak."""
    env = os.environ if env is None else env
    said = flag(args) or env.get("DRILL_LANG")
    return words.choose(said, None if said else stored_language(), env)


def suggestion(args: list[str], env=None) -> str | None:
    """The language the locale suggests, when nothing chose one (no --lang, DRILL_LANG or stored
    preference) and it is not English: offered in a tip, never switched to."""
    env = os.environ if env is None else env
    if flag(args) or env.get("DRILL_LANG") or stored_language():
        return None
    return words.suggested(env)
