"""The terminal's renderers: pure functions from the learner's data and verdicts to Rich
renderables and lines, shared by the CLI and the notebook. Nothing here reads or writes the
store, starts a grading or prints."""
from __future__ import annotations

import re
import textwrap
import time
from dataclasses import replace

from rich.cells import cell_len
from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from grader import words
from grader.engine.result import Check, Verdict
from grader.learner import registry
from grader.views import mock, report
from grader.views.report import COLUMNS, clock, level, status, topic_name
from grader.words import say

STYLE = {"pass": "green", "fail": "red", "error": "red", "todo": "yellow", "skipped": "dim"}
MARK = {"pass": "✓", "fail": "✗", "error": "!", "todo": "…", "skipped": "-"}

LIST_FIXED = {"level": 6, "min": 3, "status": 9, "best": 5}    # the narrowest each column may be
STATUSES = ("passed", "attempted", "started", "new")
LEVELS = ("easy", "medium", "hard")


def list_fixed() -> dict[str, int]:
    """The widths of the list's fixed columns in cells, wide enough for their words in the language
    spoken (a Chinese word takes two cells a character)."""
    return {"level": max([LIST_FIXED["level"], cell_len(say("views.terminal.list.level"))]
                         + [cell_len(level(d)) for d in LEVELS]),
            "min": max(LIST_FIXED["min"], cell_len(say("views.terminal.list.min"))),
            "status": max([LIST_FIXED["status"], cell_len(say("views.terminal.list.status"))]
                          + [cell_len(status(s)) for s in STATUSES]),
            "best": max(LIST_FIXED["best"], cell_len(say("views.terminal.list.best")))}


def list_fixed_w() -> int:
    return sum(list_fixed().values()) + len(LIST_FIXED)        # with a space before each


def ljust(text: str, width: int) -> str:
    """`text` padded with spaces to `width` cells."""
    return text + " " * (width - cell_len(text))


def rjust(text: str, width: int) -> str:
    return " " * (width - cell_len(text)) + text


def titles(info: registry.DrillInfo, sep: str = " ") -> str:
    """A drill's two titles, the one in the language spoken first, joined by `sep`."""
    return sep.join(title_pair(info))


def title_pair(info: registry.DrillInfo) -> tuple[str, str]:
    return (info.zh, info.title) if words.current() == "zh" else (info.title, info.zh)


def heading(info: registry.DrillInfo, path=None) -> str:
    """The line that names the drill above what a command shows of it: its id, titles and file."""
    return f"[bold]{info.id}[/] · {escape(titles(info))}" + (f" · {escape(str(path))}" if path is not None else "")


def start_heading(info: registry.DrillInfo) -> str:
    return say("views.terminal.start_heading", drill=info.id, titles=titles(info), level=level(info.difficulty),
               minutes=info.minutes)


CLOSING = "[，。、；：！？）》」』]*"        # kept with what comes before: a line never begins with one


def wrap_words(text: str, width: int, indent: int = 0) -> list[str]:
    """Text that mixes Chinese and Latin in lines at most `width` cells wide, each after the first
    indented by `indent` spaces: a break comes at a space, else between two Chinese characters,
    never inside a Latin word or a character."""
    lines, line = [], ""
    for token in re.findall(r"\s+|(?:[A-Za-z0-9_()'.,:;+\-*/=<>\[\]`|]+|.)" + CLOSING, text):
        room = width - (indent if lines else 0)
        if line.strip() and cell_len(line + token.rstrip()) > room:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    lines.append(line.rstrip())
    return lines[:1] + [" " * indent + line for line in lines[1:]]


def list_layout(infos, width: int, extra: int = 0) -> str:
    """How `drill list` fits `width` columns, every width measured in cells (a Chinese character
    takes two): "wide" when both titles fit whole in columns of their own, else "stacked" (the
    titles under the id, on one line or two). `extra`: cells added before each id (its place)."""
    id_w = max([2 + extra + len(i.id) for i in infos] + [cell_len(topic_name(i.topic)) for i in infos])
    title_w = max(cell_len(i.title) for i in infos)
    zh_w = max(cell_len(i.zh) for i in infos)
    return "wide" if id_w + 1 + title_w + 1 + zh_w + list_fixed_w() <= width else "stacked"


def title_lines(info: registry.DrillInfo, width: int, indent: str = "    ") -> list[str]:
    """A drill's two titles under its id: on one line when they fit, else one line each; a title
    wider than the terminal (never at 80 columns) wrapped at words."""
    room = width - cell_len(indent)
    both = titles(info, "  ")
    if cell_len(both) <= room:
        return [indent + both]
    return [indent + line for title in title_pair(info) for line in wrap_words(title, room)]


def drills_table(infos, summary: dict, width: int = 80, numbered: bool = False):
    """The catalogue with the learner's status, grouped by topic (numbered: in the given order, each
    id after its place, without topic headings) and laid out for a terminal `width` columns wide:
    no line wider than the terminal and, from 80 columns up, every title whole on one line."""
    infos = list(infos)
    label = {i.id: f"{n:>2} {i.id}" if numbered else i.id for n, i in enumerate(infos, 1)}
    id_w = max([2 + len(label[i.id]) for i in infos] + [cell_len(topic_name(i.topic)) for i in infos])
    w = list_fixed()

    def status_of(info) -> tuple[str, str]:
        s = summary.get(info.id)
        name = s["status"] if s else "new"
        colour = {"passed": "green", "attempted": "yellow", "started": "cyan", "new": "dim"}[name]
        pad = " " * (w["status"] - cell_len(status(name)))       # outside the style: a line ends unpadded
        return f"[{colour}]{status(name)}[/]{pad}", clock(s and s["best"])

    def fixed(level: str, minutes: str, status: str, best: str) -> str:
        return f" {ljust(level, w['level'])} {rjust(minutes, w['min'])} {status} {rjust(best, w['best'])}"

    head_fixed = fixed(say("views.terminal.list.level"), say("views.terminal.list.min"),
                       ljust(say("views.terminal.list.status"), w["status"]), say("views.terminal.list.best"))
    if list_layout(infos, width, 3 if numbered else 0) == "wide":
        title_w = max(cell_len(i.title) for i in infos)
        zh_w = max(cell_len(i.zh) for i in infos)
        widths = (id_w, zh_w, title_w) if words.current() == "zh" else (id_w, title_w, zh_w)

        def cells(*texts):        # padded by cells, so that Chinese titles line up
            return " ".join(ljust(t, w) for t, w in zip(texts, widths))
        head = cells(say("views.terminal.list.id"), say("views.terminal.list.title"),
                     say("views.terminal.list.other_title")) + head_fixed
        rows = lambda info: [cells(f"  {label[info.id]}", *map(escape, title_pair(info)))
                             + fixed(level(info.difficulty), str(info.minutes), *status_of(info))]
    else:
        id_col = max(id_w, width - list_fixed_w())
        head = ljust(say("views.terminal.list.stacked"), id_col - 2) + head_fixed
        rows = lambda info: [f"  {label[info.id]:<{id_col - 2}}" + fixed(level(info.difficulty), str(info.minutes),
                                                                  *status_of(info))] + \
            [escape(line) for line in title_lines(info, width)]
    lines = [f"[bold]{say('views.terminal.list.path' if numbered else 'views.terminal.list.drills')}[/]",
             f"[bold]{head.rstrip()}[/]", "─" * min(width, cell_len(head))]
    topic = None
    for info in infos:                       # infos come grouped by topic: a heading for each
        if info.topic != topic and not numbered:
            lines.append(f"[bold cyan]{escape(topic_name(info.topic))}[/]")
            topic = info.topic
        lines += rows(info)
    return Group(*(Text.from_markup(line.rstrip(), emoji=False) for line in lines))


def drill_lines(infos, summary: dict) -> list[str]:
    """The catalogue for a pipe: one tab-separated line per drill, in the columns of `drills_table`
    with the topic after the titles."""
    out = []
    for info in infos:
        s = summary.get(info.id)
        out.append("\t".join([info.id, info.title, info.zh, info.topic, info.difficulty, str(info.minutes),
                              s["status"] if s else "new", clock(s and s["best"])]))
    return out


def prompt_blocks(prompt: str) -> list[tuple[str, int, bool]]:
    """The prompt in blocks, in order: its prose (a paragraph or a list item, its continuation lines
    joined) and its code, examples and formulas (lines indented further than the prose around
    them, one block each), as (text, indent of continuation lines, whether it is code); a blank
    line is ("", 0, False)."""
    blocks, hang = [], None       # hang: the open paragraph's indent
    for line in prompt.splitlines():
        lead, marker = re.match(r"( *)([-*] |\d+\. )?", line).groups()
        if not line.strip():
            blocks.append(("", 0, False))
            hang = None
        elif marker or (hang is None and not lead):       # a list item, or a paragraph begins
            hang = len(lead) + len(marker or "")
            blocks.append((line, hang, False))
        elif hang is not None and len(lead) == hang:      # the paragraph goes on
            blocks[-1] = (joined(blocks[-1][0], line.strip()), hang, False)
        else:                                             # code, an example, a formula
            blocks.append((line, len(lead) + 4, True))
            hang = None
    return blocks


def joined(before: str, after: str) -> str:
    """Two lines of a paragraph as one: a space between them, none between two Chinese characters
    (Chinese has no spaces between words)."""
    return before + ("" if cell_len(before[-1:]) == 2 and cell_len(after[:1]) == 2 else " ") + after


def prompt_lines(prompt: str, width: int) -> list[str]:
    """The prompt for a terminal `width` columns wide: its prose joined and re-wrapped at words with
    hanging indents; its code, examples and formulas kept as written, and wrapped with a deeper
    indent only when too long."""
    out = []
    for text, indent, _ in prompt_blocks(prompt):
        if words.current() == words.DEFAULT or cell_len(text) == len(text):   # broken at spaces only
            out += textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=False,
                                 break_on_hyphens=False) or [""]
        else:                                  # Chinese: measured in cells, broken between characters
            out += wrap_words(text, width, indent) if text.strip() else [""]
    return out


def check_line(check: Check, drill_id: str = "") -> str:
    """A check as a line (and its detail below it); its name and mistake in the language spoken
    (the message comes in it from the grading)."""
    colour = STYLE.get(check.status, "white")
    text = f"[{colour}]{MARK.get(check.status, '?')} {escape(words.check_name(drill_id, check.name))}[/]"
    if check.message and check.status != "pass":
        text += f"  {escape(check.message)}"
    elif check.message and check.name in ("speed", "memory"):
        text += f"  [dim]{escape(check.message)}[/]"
    if check.call and check.status in ("fail", "error"):
        text += f"\n    [dim]{say('views.terminal.on')}[/] {escape(check.call)}"
    if check.repro and check.status == "fail":
        text += f"\n    [dim]{say('views.terminal.to_repeat')}[/] {escape(check.repro)}"
    if check.mistake:
        text += (f"\n    [bold yellow]{say('views.terminal.classic_mistake')}[/] "
                 f"{escape(words.drill(drill_id, check.mistake))}")
    return text


def verdict_json(verdict: Verdict) -> dict:
    """`drill check --json`: the verdict's keys as they are, its mistakes and their hints in the
    language spoken (its messages come in it from the grading)."""
    data = verdict.to_json()
    for check in data.get("checks", []):
        for key in ("mistake", "hint"):
            if check.get(key):
                check[key] = words.drill(verdict.drill, check[key])
    return data


class CheckLines:
    """A verdict's checks as they arrive, kept short: a failing check is shown at once with its
    detail, passing and skipped ones are counted and said in one line at the end (counts per
    kind of check); everything is shown with every=True."""

    def __init__(self, every: bool = False, drill_id: str = ""):
        self.every, self.drill = every, drill_id
        self.passed: list[Check] = []
        self.skipped: list[Check] = []
        self.repeated: set[str] = set()          # the repeat lines already shown

    def line(self, check: Check) -> str | None:
        """The line to show now for `check`, or None when it is kept for the summary. A line that
        repeats a failing call is shown once, with the first check that failed on that call."""
        if self.every or check.status not in ("pass", "skipped"):
            if check.repro and check.repro in self.repeated:
                check = replace(check, repro="")
            self.repeated.add(check.repro)
            return check_line(check, self.drill)
        (self.passed if check.status == "pass" else self.skipped).append(check)
        return None

    def kinds(self, checks: list[Check]) -> str:
        counts: dict[str, int] = {}
        for c in checks:
            kind = words.check_name(self.drill, c.name.rsplit(": ", 1)[-1])
            counts[kind] = counts.get(kind, 0) + 1
        return say("views.terminal.list_sep").join(k if n == 1 else f"{k} ×{n}" for k, n in counts.items())

    def summary(self) -> list[str]:
        """The passing and skipped checks, one line each (none when there are none)."""
        out = []
        if self.passed:
            n = len(self.passed)
            said = say("views.terminal.passed_one" if n == 1 else "views.terminal.passed_many", n=n)
            out.append(f"[green]✓ {said}[/] [dim]{escape(say('views.terminal.in_parens', text=self.kinds(self.passed)))}[/]")
        if self.skipped:
            why = sorted({c.message for c in self.skipped if c.message})
            said = say("views.terminal.skipped", n=len(self.skipped), kinds=self.kinds(self.skipped))
            said = say("views.terminal.because", text=said, why=say("views.terminal.and_then").join(why)) if why else said
            out.append(f"[dim]- {escape(said)}[/]")
        return out


def verdict_summary(verdict: Verdict, info: registry.DrillInfo, command: str = "drill check",
                    where: str | None = None, then: str | None = None) -> Panel:
    """The verdict's last word; `command` grades again (`%%drill gqa` in a notebook), `where` is
    what the learner edits (default: the file graded) and `then` what grades it again (default: run
    `command` again; watch mode: save the file)."""
    if verdict.status == "pass":
        body, colour = say("views.terminal.passed", drill=info.id, titles=escape(titles(info))), "green"
    elif verdict.status == "todo":
        then = then or say("views.terminal.run_again", command=command)
        body, colour = say("views.terminal.not_started", file=escape(where or verdict.file), then=escape(then)), "yellow"
    else:
        failed = [words.check_name(info.id, c.name) for c in verdict.checks if c.status in ("fail", "error")]
        body, colour = say("views.terminal.failed", checks=escape(say("views.terminal.list_sep").join(failed))), "red"
    seed = "" if verdict.seed is None else \
        escape(say("views.terminal.seed", seed=verdict.seed, command=command)) + " · "
    body += f"\n[dim]{seed}{say('views.terminal.seconds', seconds=f'{verdict.seconds:.1f}')}[/]"
    if verdict.output_bytes:
        shown = verdict.output[:1500]
        more = "\n" + say("views.terminal.bytes_in_all", n=f"{verdict.output_bytes:,}") \
            if verdict.output_bytes > len(shown) else ""
        body += f"\n[dim]{say('views.terminal.printed')}[/]\n{escape(shown)}{more}"
    for note in verdict.notes:
        body += f"\n[yellow]{say('views.terminal.note')}[/] {escape(note)}"
    return Panel(body, border_style=colour, expand=False)


def bar(value: float, top: float, width: int = 20) -> str:
    filled = 0 if not top else round(width * value / top)
    return "█" * filled + "·" * (width - filled)


def titled(title: str, columns: tuple[str, ...]) -> Table:
    """A table under its title, its columns headed in the language spoken (report.heading)."""
    table = Table(title=title, title_justify="left", title_style="bold", box=None, pad_edge=False,
                  header_style="bold")
    for col in columns:
        table.add_column(report.heading(col))
    return table


def progress_view(f: dict, now: float | None = None) -> Group:
    """`drill progress`: the same figures, headings and formats as the HTML report."""
    now = now or time.time()
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    head = say("views.terminal.progress_head", passed=f["passed"], drills=f["drills"], rate=rate,
               attempts=f["attempts"], streak=f["streak_days"],
               days=say("views.terminal.day" if f["streak_days"] == 1 else "views.terminal.days"))
    topics = titled(say("views.report.topics"), COLUMNS["topics"])
    for name, t in f["topics"].items():
        topics.add_row(topic_name(name), f"{t['passed']}/{t['drills']}", f"[green]{bar(t['passed'], t['drills'])}[/]",
                       str(t["attempted"]))
    drills = titled(say("views.report.per_drill"), COLUMNS["drills"])
    for d in f["per_drill"]:
        best, budget = d["best_seconds"], d["budget_seconds"]
        over = best is not None and best > budget
        drills.add_row(d["id"], status(d["status"]), str(d["attempts"]), str(d["fails"]), str(d["hints"]),
                       say("views.report.seen") if d["revealed"] else "",
                       f"[{'red' if over else 'green'}]{clock(best)}[/]", clock(budget))
    counts = [d["attempts"] for d in f["daily"]]
    spark = "".join(" ▁▂▃▄▅▆▇█"[min(8, round(8 * n / max(1, max(counts))))] for n in counts)
    reviews = titled(say("views.report.reviews"), COLUMNS["reviews"])
    for r in f["reviews"]:
        reviews.add_row(r["drill"], report.due(r["due"], now), report.rating(r["rating"]), report.when(r["rated"]))
    mistakes = titled(say("views.report.mistakes"), COLUMNS["mistakes"])
    for m in f["mistakes"][:report.MISTAKES_SHOWN]:
        mistakes.add_row(m["drill"], report.when(m["ts"]), words.check_name(m["drill"], m["check"]),
                         words.drill(m["drill"], m["mistake"]))
    recent = titled(say("views.report.recent"), COLUMNS["recent"])
    for e in f["recent"]:
        recent.add_row(report.when(e["ts"]), e["drill"], report.event_name(e), report.failed(e["drill"], e["failed"]))
    weakest = ", ".join(f["weakest"]) or say("views.report.none_yet")
    parts = [head, "", topics, "", drills, "",
             say("views.terminal.per_day", spark=spark, counts=" ".join(map(str, counts))),
             say("views.terminal.weakest", weakest=weakest), ""]
    if f["reviews"]:
        parts += [reviews, ""]
    if f["mistakes"]:
        parts += [mistakes, ""]
    parts.append(recent)
    for card in f["mocks"][-3:]:
        parts += ["", scorecard_table(card)]
    return Group(*parts)


def solution_text(info: registry.DrillInfo) -> str:
    """The reference solution as `drill solution` and the mock show it: a whole learner's file."""
    return info.reference.read_text(encoding="utf-8")


def solution_heading(info: registry.DrillInfo) -> str:
    return say("views.terminal.solution_heading", drill=info.id, titles=titles(info))


def schedule_table(cards: dict, now: float, until: float | None) -> Table:
    table = titled(say("views.terminal.reviews"), COLUMNS["reviews"])
    for drill_id, c in sorted(cards.items(), key=lambda kv: kv[1]["due"]):
        if until is None or c["due"] <= until:
            table.add_row(drill_id, report.due(c["due"], now), report.rating(c["rating"]), report.when(c["ts"]))
    return table


def suggestions_table(rows: list[tuple[str, str]]) -> Table:
    table = titled(say("views.terminal.new_drills"), ("id", "title", "why"))
    for drill_id, why in rows:
        table.add_row(drill_id, escape(titles(registry.get(drill_id))), why)
    return table


def scorecard_table(card: dict) -> Table:
    table = titled(mock.title(card), COLUMNS["mock"])
    for p in card["problems"]:
        state = report.result(p)
        table.add_row(p["drill"], f"[{'green' if p['passed'] else 'red'}]{state}[/]",
                      clock(p["seconds_to_pass"]), str(p["attempts"]), str(p["hints"]), report.penalty(p),
                      report.failed(p["drill"], p["failed_checks"]))
    return table


def hint_lines(info: registry.DrillInfo, named: list[str], n: int, more: bool) -> list[str]:
    """`drill hint`: the hints for the mistake the last check named, then the first `n` of the
    drill's hints; whether that was one more says what comes next."""
    lines = [f"[bold yellow]{say('views.terminal.hint_for_mistake')}[/] {escape(words.drill(info.id, text))}"
             for text in named]
    lines += [f"[bold]{say('views.terminal.hint_n', i=i, n=len(info.hints))}[/] {escape(words.drill(info.id, text))}"
              for i, text in enumerate(info.hints[:n], 1)]
    if not more:
        lines.append(f"[dim]{say('views.terminal.no_more_hints', n=n)}[/]")
    elif n == len(info.hints):
        lines.append(f"[dim]{say('views.terminal.last_hint')}[/]")
    return lines


def backups_table(folder, files) -> Table:
    """`drill doctor`: the store's backups, newest first, with the events each holds."""
    from grader.learner.store import events_in
    table = Table(title=escape(say("views.terminal.backups_in", folder=folder)), title_justify="left")
    for col in ("file", "taken", "events"):
        table.add_column(say(f"views.terminal.backups.{col}"))
    for b in reversed(files):
        table.add_row(b.name, time.strftime("%Y-%m-%d %H:%M", time.localtime(b.stat().st_mtime)), events_in(b))
    return table


def next_step(following: list[tuple[str, str]], start: str = "drill start") -> str:
    """What to do after a pass: the first of the schedule's suggestions (the next unseen drill of
    this topic, else a review that is due, else the next unseen drill anywhere)."""
    if not following:
        return f"[green]{say('views.terminal.all_started')}[/]"
    drill, why = following[0]
    return say("views.terminal.next", command=f"{escape(start)} {drill}", why=escape(why))


def next_view(cards: dict, new: list[tuple[str, str]], now: float) -> list:
    """`drill next`: the reviews, soonest first; when none is due, the new drills to start."""
    parts = [schedule_table(cards, now, None)] if cards else []
    if any(c["due"] <= now for c in cards.values()):
        return parts
    parts.append(say("views.terminal.no_review_due" if cards else "views.terminal.no_reviews_yet"))
    if new:
        return parts + [suggestions_table(new), f"[dim]{say('views.terminal.starts_the_first', drill=new[0][0])}[/]"]
    return parts + [say("views.terminal.every_drill_started")]


def today_view(due: dict, end: float, upcoming: float | None, now: float):
    """`drill today`: the reviews due by the end of the day, or when the next one is."""
    if due:
        return schedule_table(due, now, end)
    if upcoming:
        return say("views.terminal.nothing_due_next", day=time.strftime('%Y-%m-%d', time.localtime(upcoming)))
    return say("views.terminal.nothing_due")


def finding_line(finding) -> str:
    """A line of `drill doctor`: what was checked and found, and how to fix it when it is wrong."""
    mark = {"ok": "[green]✓[/]", "note": "[yellow]·[/]", "wrong": "[red]✗[/]"}[finding.status]
    fix = f"\n    [bold]{say('views.terminal.fix')}[/] {escape(finding.fix)}" if finding.fix else ""
    return f"{mark} {escape(finding.what)}{fix}"


def language_view(stored: str | None, path) -> str:
    """`drill config lang`: the language kept, where, and the one this run speaks when it differs."""
    lang = stored or words.DEFAULT
    text = say("views.terminal.lang_stored" if stored else "views.terminal.lang_default", code=lang,
               name=words.LANGUAGES[lang], path=path)
    if words.current() != lang:
        text += " " + say("views.terminal.lang_now", code=words.current(), name=words.LANGUAGES[words.current()])
    return escape(text)


def language_set(lang: str, now: str) -> str:
    """`drill config lang zh`: said in the language just chosen; DRILL_LANG or --lang may still
    decide this run."""
    text = say("views.terminal.lang_set", lang, code=lang, name=words.LANGUAGES[lang])
    if now != lang:
        text += " " + say("views.terminal.lang_overridden", lang, now=now)
    return escape(text)
