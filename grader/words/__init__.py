"""The words the grader says, in each language it speaks. Below everything else: it imports
nothing of the grader.

- One catalogue of message templates per language: grader/words/<lang>/ (engine.py, kit.py and
  runtime.py for what the engine, its kit and the grading runtime write in a verdict, views.py for
  the CLI's and the reports' own text). Each module holds MESSAGES = {key: template}, filled by
  say(key, **slots), and may hold TEXT = {English: translation} for the engine's fixed texts that
  are keyed by their English (check names, the kit's mistakes); every key and every template's
  {slots} are the same in every language (a test holds them to it).
- Each drill's own text (its hints, mistake names and hints, example labels, invariant names and
  the messages its checks raise) is written in English in its declaration, which is the key:
  grader/words/<lang>/drills/<id>.py holds TEXT = {english: translation}. A message a check makes
  with an f-string is keyed by its template, each value written {0}, {1}, ... in order, so
  "AUC = {0}: a probability" translates every AUC the check reports.
- A drill's prompt in another language is its stub in drills/<lang>/<id>.py: the same code, the
  docstring and comments translated.

The language of a process is set once with use(); say() and drill() follow it. English is the
default and the language of every kept verdict."""
from __future__ import annotations

import importlib
import os
import re
import string
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "zh": "中文"}
DEFAULT = "en"
HERE = Path(__file__).resolve().parent
_current = DEFAULT


def use(lang: str) -> None:
    """Speak `lang` from now on in this process."""
    global _current
    _current = known(lang)


def current() -> str:
    return _current


def known(lang: str | None) -> str:
    lang = (lang or DEFAULT).strip().lower().replace("_", "-").split("-")[0]
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: {' or '.join(LANGUAGES)}")
    return lang


def choose(flag: str | None = None, stored: str | None = None, env=None) -> str:
    """The language to speak: --lang, else DRILL_LANG, else the stored preference, else English. The
    locale never decides it (see suggested())."""
    env = os.environ if env is None else env
    for said in (flag, env.get("DRILL_LANG"), stored):
        if said:
            return known(said)
    return DEFAULT


def suggested(env=None) -> str | None:
    """A language the locale suggests (LANG=zh_CN.UTF-8 suggests zh), to offer, never to switch to."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            lang = value.split(".")[0].split("_")[0].lower()
            return lang if lang in LANGUAGES and lang != DEFAULT else None
    return None


# ---- the catalogue of templates --------------------------------------------------------------

AREAS = ("engine", "kit", "runtime", "views")


def areas(lang: str) -> list:
    return [importlib.import_module(f"grader.words.{lang}.{area}") for area in AREAS
            if (HERE / lang / f"{area}.py").exists()]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The templates of `lang`, keyed: say() fills them."""
    return {k: v for module in areas(lang) for k, v in module.MESSAGES.items()}


@cache
def engine_text(lang: str) -> dict[str, str]:
    """The engine's fixed texts keyed by their English (check names, the kit's mistakes and
    invariants): what drill() falls back to after a drill's own table."""
    return {k: v for module in areas(lang) for k, v in getattr(module, "TEXT", {}).items()}


def say(key: str, lang: str | None = None, **slots) -> str:
    """The template `key` in the current language (English where the language lacks it), filled."""
    lang = lang or _current
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue(DEFAULT)[key]
    return template.format(**slots)


def slots(template: str) -> set[str]:
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(template)
            if field is not None}


# ---- a drill's own text ----------------------------------------------------------------------

@cache
def table(lang: str, drill_id: str) -> dict[str, str]:
    path = HERE / lang / "drills" / f"{drill_id}.py"
    if lang == DEFAULT or not path.exists():
        return {}
    return importlib.import_module(f"grader.words.{lang}.drills.{drill_id}").TEXT


@cache
def patterns(lang: str, drill_id: str) -> list[tuple[int, re.Pattern, str]]:
    """The templated keys of a drill's table and of the engine's fixed texts as anchored patterns,
    the most literal first."""
    found = []
    for key, said in {**engine_text(lang), **table(lang, drill_id)}.items():
        try:
            parts = list(string.Formatter().parse(key))
        except ValueError:                        # braces of a formula ("A_{t+1}"): no template
            continue
        if not any(field is not None for _, field, _, _ in parts) or \
                not all(field.isdigit() for _, field, _, _ in parts if field is not None):
            continue
        regex, literal = "", 0
        for text, field, _, _ in parts:
            regex += re.escape(text)
            literal += len(text)
            if field is not None:
                regex += f"(?P<g{field}>.*?)" if f"(?P<g{field}>" not in regex else f"(?P=g{field})"
        found.append((literal, re.compile(regex + r"\Z", re.S), said))
    return sorted(found, key=lambda f: -f[0])


_drill = ""


def grading(drill_id: str) -> None:
    """The drill this process grades now, whose table own() reads."""
    global _drill
    _drill = drill_id


def own(text: str) -> str:
    """A text the drill being graded gave the engine (a family check's advice), translated."""
    return drill(_drill, text)


def drill(drill_id: str, text: str, lang: str | None = None) -> str:
    """A drill's own English text in the current language: its exact translation, else the first
    templated key it matches, its values put back translated the same way one level down ("step
    {0}" keys the "step 3" a message was filled with), else the English as it is."""
    lang = lang or _current
    if lang == DEFAULT or not text:
        return text
    return _translated(text, lang, drill_id, {**engine_text(lang), **table(lang, drill_id)}, depth=2)


def _translated(text: str, lang: str, drill_id: str, known: dict, depth: int) -> str:
    if text in known:
        return known[text]
    if depth:
        for _, pattern, said in patterns(lang, drill_id):
            m = pattern.match(text)
            if m:
                values = m.groupdict()
                return said.format(*[_translated(values[f"g{i}"], lang, drill_id, known, depth - 1)
                                     for i in range(len(values))])
    return text


ENTRY = re.compile(r"([A-Za-z_][\w.]*): (.+)", re.S)


def check_name(drill_id: str, name: str, lang: str | None = None) -> str:
    """A check's name in the current language: "values", an invariant's name, or either after the
    entry it belongs to ("KVCache.update: values"); the entry stays as it is."""
    lang = lang or _current
    if lang == DEFAULT:
        return name
    said = drill(drill_id, name, lang)
    if said != name:
        return said
    m = ENTRY.fullmatch(name)
    return f"{m[1]}: {drill(drill_id, m[2], lang)}" if m else name


def template_of(parts: list) -> str:
    """The key of a message made with an f-string: its literal parts, each value as {0}, {1}, ...
    parts: the f-string's pieces, a str for literal text and None for each value."""
    out, n = "", 0
    for part in parts:
        if part is None:
            out += "{" + str(n) + "}"
            n += 1
        else:
            out += part.replace("{", "{{").replace("}", "}}")
    return out


def stub(drill_id: str, lang: str | None = None) -> Path | None:
    """The drill's stub in `lang`, None where it has none (English stubs are drills/<id>.py)."""
    lang = lang or _current
    if lang == DEFAULT:
        return None
    path = HERE.parents[1] / "drills" / lang / f"{drill_id}.py"
    return path if path.exists() else None
