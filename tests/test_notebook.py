"""Practising in Jupyter: a real notebook, run cell by cell in a real kernel, grades its cells with
%%drill and records them in the progress store as coming from a notebook."""
import os
import re
from datetime import datetime

import pytest

from grader.runtime import client
from grader.learner.store import Store
from tests.grading import ROOT, SOLUTIONS

for needed in ("nbclient", "nbformat", "ipykernel"):
    pytest.importorskip(needed, reason=f'{needed} is not installed: pip install -e ".[notebook]" runs this test')

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

# the classic mistake no max subtraction, as a learner writes it (its mistake is declared in softmax's
# declaration, so it has no wrong file of its own)
WRONG = "import torch\n\ndef softmax(x, dim=-1):\n    e = torch.exp(x)\n    return e / e.sum(dim=dim, keepdim=True)\n"
MISTAKE = "softmax without subtracting the max (exp overflows)"
RIGHT = SOLUTIONS / "softmax" / "right_logsumexp.py"
CRASH = "import os\n\ndef softmax(x, dim=-1):\n    return x\n\nos._exit(3)\n"


def shown(cell) -> str:
    """What a cell showed: its printed text and the plain-text form of what it displayed."""
    parts = []
    for out in cell.outputs:
        parts.append(out.get("text", ""))
        parts += [out.get("data", {}).get(kind, "") for kind in ("text/plain", "text/markdown")]
        parts += out.get("traceback", [])
    return re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(parts))          # rich's colours, as a terminal gets them


def seconds(cell) -> float:
    timing = cell.metadata["execution"]
    start, end = (datetime.fromisoformat(timing[k].replace("Z", "+00:00"))
                  for k in ("iopub.execute_input", "shell.execute_reply"))
    return (end - start).total_seconds()


def test_a_notebook_grades_the_cells_that_drill_heads(drill_home, tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("DRILL_IDLE_SECONDS", "120")
    mistake = MISTAKE
    cells = ["%load_ext drill",
             "%drill start softmax",
             "%%drill softmax --hint\n" + WRONG,
             "%%drill softmax\n" + RIGHT.read_text(encoding="utf-8"),
             "%%drill softmax\n" + CRASH,
             "print(softmax(torch.tensor([0.0, 0.0])).tolist())"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    try:
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
        direct = client.grade("softmax", RIGHT, home=drill_home).seconds      # the same grader, from here
    finally:
        client.stop(drill_home)
    load, start, wrong, right, crash, after = nb.cells

    page = shown(start)
    assert "softmax · Softmax 手撕softmax" in page and "Numerically stable" in page
    assert "```python\n%%drill softmax\nimport torch" in page and "raise NotImplementedError" in page

    assert "Failed" in shown(wrong) and "✗ values" in shown(wrong)
    assert f"looks like a classic mistake: {mistake}" in shown(wrong), shown(wrong)
    assert "for the mistake your last check named:" in shown(wrong) and "hint 1/" in shown(wrong)
    assert "Passed softmax" in shown(right), shown(right)
    assert "ended" in shown(crash) or "exit" in shown(crash), shown(crash)
    assert "The cell was not run in the notebook" in shown(crash)
    assert "[0.5, 0.5]" in shown(after), "the right cell's softmax is defined in the kernel, which is still alive"

    events = Store(drill_home / "progress.sqlite3").events("softmax")
    assert [(e["kind"], e["status"]) for e in events] == [("start", None), ("check", "fail"), ("hint", None),
                                                           ("check", "pass"), ("check", "fail")]
    assert all(e["detail"]["source"] == "notebook" for e in events)
    assert events[1]["detail"]["mistakes"] == {"values": mistake}
    assert (drill_home / "workspace" / "notebook" / "softmax.py").read_text(encoding="utf-8") == "\n" + CRASH
    print(f"\nsecond graded cell: {seconds(right):.2f} s in the kernel, of which {events[3]['seconds']:.2f} s grading "
          f"(first cell: {seconds(wrong):.2f} s); the same file graded outside the kernel: {direct:.2f} s")
