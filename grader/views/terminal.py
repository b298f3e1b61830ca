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

from grader.engine.result import Check, Verdict
from grader.learner import registry
from grader.views import mock, report
from grader.views.report import COLUMNS, clock

STYLE = {"pass": "green", "fail": "red", "error": "red", "todo": "yellow", "skipped": "dim"}
MARK = {"pass": "✓", "fail": "✗", "error": "!", "todo": "…", "skipped": "-"}

LIST_FIXED = {"level": 6, "min": 3, "status": 9, "best": 5}    # widths that never change
LIST_FIXED_W = sum(LIST_FIXED.values()) + len(LIST_FIXED)        # with a space before each


def wrap_words(text: str, width: int) -> list[str]:
    """A title that mixes Chinese and Latin, in lines at most `width` cells wide: a break comes at a
    space, else between two Chinese characters, never inside a Latin word. Only for a terminal too
    narrow to hold the title on one line."""
    lines, line = [], ""
    for token in re.findall(r"\s+|[A-Za-z0-9()'.,:+\-]+|.", text):
        if line and cell_len(line + token.rstrip()) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    return lines + [line.rstrip()]


def list_layout(infos, width: int, extra: int = 0) -> str:
    """How `drill list` fits `width` columns, every width measured in cells (a Chinese character
    takes two): "wide" when both titles fit whole in columns of their own, else "stacked" (the
    titles under the id, on one line or two). `extra`: cells added before each id (its place)."""
    id_w = max([2 + extra + len(i.id) for i in infos] + [len(i.topic) for i in infos])
    title_w = max(cell_len(i.title) for i in infos)
    zh_w = max(cell_len(i.zh) for i in infos)
    return "wide" if id_w + 1 + title_w + 1 + zh_w + LIST_FIXED_W <= width else "stacked"


def title_lines(info: registry.DrillInfo, width: int, indent: str = "    ") -> list[str]:
    """A drill's two titles under its id: on one line when they fit, else one line each; a title
    wider than the terminal (never at 80 columns) wrapped at words."""
    room = width - cell_len(indent)
    both = f"{info.title}  {info.zh}"
    if cell_len(both) <= room:
        return [indent + both]
    return [indent + line for title in (info.title, info.zh) for line in wrap_words(title, room)]


def drills_table(infos, summary: dict, width: int = 80, numbered: bool = False):
    """The catalogue with the learner's status, grouped by topic (numbered: in the given order, each
    id after its place, without topic headings) and laid out for a terminal `width` columns wide:
    no line wider than the terminal and, from 80 columns up, every title whole on one line."""
    infos = list(infos)
    label = {i.id: f"{n:>2} {i.id}" if numbered else i.id for n, i in enumerate(infos, 1)}
    id_w = max([2 + len(label[i.id]) for i in infos] + [len(i.topic) for i in infos])

    def status_of(info) -> tuple[str, str]:
        s = summary.get(info.id)
        status = s["status"] if s else "new"
        colour = {"passed": "green", "attempted": "yellow", "started": "cyan", "new": "dim"}[status]
        pad = " " * (LIST_FIXED["status"] - len(status))         # outside the style: a line ends unpadded
        return f"[{colour}]{status}[/]{pad}", clock(s and s["best"])

    def fixed(level: str, minutes: str, status: str, best: str) -> str:
        return f" {level:<6} {minutes:>3} {status} {best:>5}"

    if list_layout(infos, width, 3 if numbered else 0) == "wide":
        title_w = max(cell_len(i.title) for i in infos)
        zh_w = max(cell_len(i.zh) for i in infos)

        def cells(*texts):        # padded by cells, so that Chinese titles line up
            return " ".join(t + " " * (w - cell_len(t)) for t, w in zip(texts, (id_w, title_w, zh_w)))
        head = cells("id", "title", "标题") + fixed("level", "min", f"{'status':<9}", "best")
        rows = lambda info: [cells(f"  {label[info.id]}", escape(info.title), escape(info.zh))
                             + fixed(info.difficulty, str(info.minutes), *status_of(info))]
    else:
        id_col = max(id_w, width - LIST_FIXED_W)
        head = f"{'id / title / 标题':<{id_col - 2}}" + fixed("level", "min", f"{'status':<9}", "best")
        rows = lambda info: [f"  {label[info.id]:<{id_col - 2}}" + fixed(info.difficulty, str(info.minutes),
                                                                  *status_of(info))] + \
            [escape(line) for line in title_lines(info, width)]
    lines = ["[bold]drills, in the order to practise them[/]" if numbered else "[bold]drills[/]",
             f"[bold]{head.rstrip()}[/]", "─" * min(width, cell_len(head))]
    topic = None
    for info in infos:                       # infos come grouped by topic: a heading for each
        if info.topic != topic and not numbered:
            lines.append(f"[bold cyan]{info.topic}[/]")
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
            blocks[-1] = (blocks[-1][0] + " " + line.strip(), hang, False)
        else:                                             # code, an example, a formula
            blocks.append((line, len(lead) + 4, True))
            hang = None
    return blocks


def prompt_lines(prompt: str, width: int) -> list[str]:
    """The prompt for a terminal `width` columns wide: its prose joined and re-wrapped at words with
    hanging indents; its code, examples and formulas kept as written, and wrapped with a deeper
    indent only when too long."""
    out = []
    for text, indent, _ in prompt_blocks(prompt):
        out += textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def check_line(check: Check) -> str:
    colour = STYLE.get(check.status, "white")
    text = f"[{colour}]{MARK.get(check.status, '?')} {escape(check.name)}[/]"
    if check.message and check.status != "pass":
        text += f"  {escape(check.message)}"
    elif check.message and check.name in ("speed", "memory"):
        text += f"  [dim]{escape(check.message)}[/]"
    if check.call and check.status in ("fail", "error"):
        text += f"\n    [dim]on[/] {escape(check.call)}"
    if check.repro and check.status == "fail":
        text += f"\n    [dim]to repeat it, in your workspace:[/] {escape(check.repro)}"
    if check.mistake:
        text += f"\n    [bold yellow]looks like a classic mistake:[/] {escape(check.mistake)}"
    return text


class CheckLines:
    """A verdict's checks as they arrive, kept short: a failing check is shown at once with its
    detail, passing and skipped ones are counted and said in one line at the end (counts per
    kind of check); everything is shown with every=True."""

    def __init__(self, every: bool = False):
        self.every = every
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
            return check_line(check)
        (self.passed if check.status == "pass" else self.skipped).append(check)
        return None

    @staticmethod
    def kinds(checks: list[Check]) -> str:
        counts: dict[str, int] = {}
        for c in checks:
            kind = c.name.rsplit(": ", 1)[-1]
            counts[kind] = counts.get(kind, 0) + 1
        return ", ".join(k if n == 1 else f"{k} ×{n}" for k, n in counts.items())

    def summary(self) -> list[str]:
        """The passing and skipped checks, one line each (none when there are none)."""
        out = []
        if self.passed:
            n = len(self.passed)
            out.append(f"[green]✓ {n} check{'s' * (n != 1)} passed[/] [dim]({escape(self.kinds(self.passed))})[/]")
        if self.skipped:
            why = sorted({c.message for c in self.skipped if c.message})
            out.append(f"[dim]- {len(self.skipped)} skipped ({escape(self.kinds(self.skipped))})"
                       + (f": {escape('; '.join(why))}" if why else "") + "[/]")
        return out


def verdict_summary(verdict: Verdict, info: registry.DrillInfo, command: str = "drill check",
                    where: str | None = None, then: str | None = None) -> Panel:
    """The verdict's last word; `command` grades again (`%%drill gqa` in a notebook), `where` is
    what the learner edits (default: the file graded) and `then` what grades it again (default: run
    `command` again; watch mode: save the file)."""
    if verdict.status == "pass":
        body, colour = f"[bold green]Passed[/] {info.id} — {info.title} {info.zh}", "green"
    elif verdict.status == "todo":
        then = then or f"run {command} again"
        body, colour = (f"[bold yellow]Not started[/]: fill in the TODO in {escape(where or verdict.file)}, "
                        f"then {escape(then)}."), "yellow"
    else:
        failed = [c.name for c in verdict.checks if c.status in ("fail", "error")]
        body, colour = f"[bold red]Failed[/]: {', '.join(failed)}", "red"
    seed = "" if verdict.seed is None else \
        f"seed {verdict.seed} ({escape(command)} --seed {verdict.seed} repeats it) · "
    body += f"\n[dim]{seed}{verdict.seconds:.1f} s[/]"
    if verdict.output_bytes:
        shown = verdict.output[:1500]
        more = f"\n… {verdict.output_bytes:,} bytes in all" if verdict.output_bytes > len(shown) else ""
        body += f"\n[dim]your code printed:[/]\n{escape(shown)}{more}"
    for note in verdict.notes:
        body += f"\n[yellow]note:[/] {escape(note)}"
    return Panel(body, border_style=colour, expand=False)


def bar(value: float, top: float, width: int = 20) -> str:
    filled = 0 if not top else round(width * value / top)
    return "█" * filled + "·" * (width - filled)


def titled(title: str, columns: tuple[str, ...]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=None, pad_edge=False,
                  header_style="bold")
    for col in columns:
        table.add_column(col)
    return table


def progress_view(f: dict, now: float | None = None) -> Group:
    """`drill progress`: the same figures, headings and formats as the HTML report."""
    now = now or time.time()
    rate = "–" if f["pass_rate"] is None else f"{f['pass_rate']:.0%}"
    head = (f"[bold]{f['passed']}/{f['drills']}[/] drills passed · [bold]{rate}[/] of {f['attempts']} attempts "
            f"passed · streak [bold]{f['streak_days']}[/] day{'s' * (f['streak_days'] != 1)}")
    topics = titled("coverage by topic", COLUMNS["topics"])
    for name, t in f["topics"].items():
        topics.add_row(name, f"{t['passed']}/{t['drills']}", f"[green]{bar(t['passed'], t['drills'])}[/]",
                       str(t["attempted"]))
    drills = titled("per drill, weakest first", COLUMNS["drills"])
    for d in f["per_drill"]:
        best, budget = d["best_seconds"], d["budget_seconds"]
        over = best is not None and best > budget
        drills.add_row(d["id"], d["status"], str(d["attempts"]), str(d["fails"]), str(d["hints"]),
                       "seen" if d["revealed"] else "", f"[{'red' if over else 'green'}]{clock(best)}[/]",
                       clock(budget))
    counts = [d["attempts"] for d in f["daily"]]
    spark = "".join(" ▁▂▃▄▅▆▇█"[min(8, round(8 * n / max(1, max(counts))))] for n in counts)
    reviews = titled("review schedule", COLUMNS["reviews"])
    for r in f["reviews"]:
        reviews.add_row(r["drill"], report.due(r["due"], now), r["rating"], report.when(r["rated"]))
    mistakes = titled("mistakes made", COLUMNS["mistakes"])
    for m in f["mistakes"][:report.MISTAKES_SHOWN]:
        mistakes.add_row(m["drill"], report.when(m["ts"]), m["check"], m["mistake"])
    recent = titled("recent", COLUMNS["recent"])
    for e in f["recent"]:
        recent.add_row(report.when(e["ts"]), e["drill"], report.event_name(e), ", ".join(e["failed"]))
    weakest = ", ".join(f["weakest"]) or "none yet"
    parts = [head, "", topics, "", drills, "", f"attempts per day, last 14: {spark}  [dim]({' '.join(map(str, counts))})[/]",
             f"weakest: [bold]{weakest}[/]", ""]
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
    return f"{info.id} · {info.title} {info.zh} · the reference solution"


def schedule_table(cards: dict, now: float, until: float | None) -> Table:
    table = titled("reviews", COLUMNS["reviews"])
    for drill_id, c in sorted(cards.items(), key=lambda kv: kv[1]["due"]):
        if until is None or c["due"] <= until:
            table.add_row(drill_id, report.due(c["due"], now), c["rating"], report.when(c["ts"]))
    return table


def suggestions_table(rows: list[tuple[str, str]]) -> Table:
    table = titled("new drills to start", ("id", "title", "why"))
    for drill_id, why in rows:
        info = registry.get(drill_id)
        table.add_row(drill_id, f"{info.title} {info.zh}", why)
    return table


def scorecard_table(card: dict) -> Table:
    table = titled(mock.title(card), COLUMNS["mock"])
    for p in card["problems"]:
        state = report.result(p)
        table.add_row(p["drill"], f"[{'green' if p['passed'] else 'red'}]{state}[/]",
                      clock(p["seconds_to_pass"]), str(p["attempts"]), str(p["hints"]), report.penalty(p),
                      ", ".join(p["failed_checks"]))
    return table


def hint_lines(info: registry.DrillInfo, named: list[str], n: int, more: bool) -> list[str]:
    """`drill hint`: the hints for the mistake the last check named, then the first `n` of the
    drill's hints; whether that was one more says what comes next."""
    lines = [f"[bold yellow]for the mistake your last check named:[/] {escape(text)}" for text in named]
    lines += [f"[bold]hint {i}/{len(info.hints)}[/] {escape(text)}" for i, text in enumerate(info.hints[:n], 1)]
    if not more:
        lines.append(f"[dim]No more hints: all {n} are above, and no new one was counted; drill solution shows "
                     f"the reference.[/]")
    elif n == len(info.hints):
        lines.append("[dim]That was the last hint; drill solution shows the reference.[/]")
    return lines


def backups_table(folder, files) -> Table:
    """`drill doctor`: the store's backups, newest first, with the events each holds."""
    from grader.learner.store import events_in
    table = Table(title=f"backups in {folder}", title_justify="left")
    for col in ("file", "taken", "events"):
        table.add_column(col)
    for b in reversed(files):
        table.add_row(b.name, time.strftime("%Y-%m-%d %H:%M", time.localtime(b.stat().st_mtime)), events_in(b))
    return table


def next_step(following: list[tuple[str, str]], start: str = "drill start") -> str:
    """What to do after a pass: the first of the schedule's suggestions (the next unseen drill of
    this topic, else a review that is due, else the next unseen drill anywhere)."""
    if not following:
        return "[green]Every drill is started and no review is due: drill mock for an interview.[/]"
    drill, why = following[0]
    return f"Next: [bold]{escape(start)} {drill}[/] [dim]({why})[/]"


def next_view(cards: dict, new: list[tuple[str, str]], now: float) -> list:
    """`drill next`: the reviews, soonest first; when none is due, the new drills to start."""
    parts = [schedule_table(cards, now, None)] if cards else []
    if any(c["due"] <= now for c in cards.values()):
        return parts
    parts.append("No review is due now." if cards else "No reviews scheduled yet: they come from your checks.")
    if new:
        return parts + [suggestions_table(new), f"[dim]drill start {new[0][0]} starts the first.[/]"]
    return parts + ["You have started every drill: drill mock for an interview."]


def today_view(due: dict, end: float, upcoming: float | None, now: float):
    """`drill today`: the reviews due by the end of the day, or when the next one is."""
    if due:
        return schedule_table(due, now, end)
    later = f"; next on {time.strftime('%Y-%m-%d', time.localtime(upcoming))}" if upcoming else ""
    return f"Nothing due today{later}. drill next offers new drills."


def finding_line(finding) -> str:
    """A line of `drill doctor`: what was checked and found, and how to fix it when it is wrong."""
    mark = {"ok": "[green]✓[/]", "note": "[yellow]·[/]", "wrong": "[red]✗[/]"}[finding.status]
    fix = f"\n    [bold]fix:[/] {escape(finding.fix)}" if finding.fix else ""
    return f"{mark} {escape(finding.what)}{fix}"
