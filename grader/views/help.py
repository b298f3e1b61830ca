"""The command line's help in the learner's language: the app's group decides the language before
it parses anything (so that `drill --lang zh --help` and `DRILL_LANG=zh drill start --help` are
already in Chinese), then gives every command, argument and option its help from the catalogue:
views.help.<command> and views.help.<command>.<parameter> (the app itself is "drill")."""
from __future__ import annotations

import typer
from typer.core import TyperGroup

from grader import words

# typer's own words on a help page: the titles of its panels and the marks after an option
TYPER_TEXT = {"ARGUMENTS_PANEL_TITLE": "arguments", "OPTIONS_PANEL_TITLE": "options",
              "COMMANDS_PANEL_TITLE": "commands", "ERRORS_PANEL_TITLE": "error",
              "DEFAULT_STRING": "default", "REQUIRED_LONG_STRING": "required", "ABORTED_TEXT": "aborted",
              "RICH_HELP": "try"}
_typer_english: dict[str, str] = {}


def text(key: str) -> str | None:
    """The help at `key` in the current language, None where the catalogue has none."""
    return words.say(key) if key in words.catalogue(words.DEFAULT) else None


def localize(command, name: str) -> None:
    """Give `command`, its parameters and its --help their help in the current language."""
    said = text(f"views.help.{name}")
    if said is not None:
        command.help, command.short_help = said, None
    for param in command.params:
        said = text(f"views.help.{name}.{param.name}")
        if said is not None:
            param.help = said
    option = command.get_help_option(typer.Context(command))
    if option is not None:
        option.help = words.say("views.help.help")


def typer_words() -> None:
    """typer's panel titles and marks in the current language (English as typer has them), and its
    help text folded, not cut short, where a run without spaces is wider than its column: rich
    breaks lines at spaces only, and Chinese has none. Only touched once a language other than
    English was used in this process."""
    if words.current() == words.DEFAULT and not _typer_english:
        return
    from typer import rich_utils
    for attr, key in TYPER_TEXT.items():
        _typer_english.setdefault(attr, getattr(rich_utils, attr))
        setattr(rich_utils, attr, _typer_english[attr] if words.current() == words.DEFAULT
                else words.say(f"views.help.typer.{key}"))
    from typer._click.formatting import HelpFormatter                      # typer's own copy of click
    usage = _typer_english.setdefault("write_usage", HelpFormatter.write_usage)   # "Usage: " is written there

    def write_usage(self, prog, args="", prefix=None):
        return usage(self, prog, args, f"{words.say('views.help.typer.usage')} " if prefix is None else prefix)
    HelpFormatter.write_usage = usage if words.current() == words.DEFAULT else write_usage
    make = _typer_english.setdefault("_make_rich_text", rich_utils._make_rich_text)

    def folded(**kwargs):
        text = make(**kwargs)
        if hasattr(text, "overflow"):
            text.overflow = "fold"       # cut between two characters, never inside one
        return text
    rich_utils._make_rich_text = make if words.current() == words.DEFAULT else folded


class Localized(TyperGroup):
    """The app's group: `decide(args)` names the language of this run (ValueError for one drill
    does not speak), then every help is given in it."""

    @staticmethod
    def decide(args: list[str]) -> str:
        return words.DEFAULT

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            words.use(self.decide(list(args)))
        except ValueError:
            raise typer.BadParameter(words.say("views.help.unknown_language", languages=" / ".join(words.LANGUAGES)),
                                     param_hint="--lang / DRILL_LANG") from None
        localize(self, "drill")
        for name, command in self.commands.items():
            localize(command, name)
        typer_words()
        return super().make_context(info_name, args, parent=parent, **extra)
