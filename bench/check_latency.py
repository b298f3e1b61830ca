"""How long a learner waits for `drill check`, as ratios to `python -c "import torch"` timed in the
same run (the floor no check can beat). Cold: no grader running (a fresh DRILL_HOME each run);
warm: the grader started by an earlier check, once it has warmed up (a learner's second check comes
after an edit; how long after the first verdict the grader was warm is printed too). For each, the
time until the values line is on the screen and until the whole verdict, for the reference (a pass)
and for a wrong solution (a fail). Each check is run as a learner runs it: `drill check` without
--seed (so the grader chooses the seed its spare warmed up with), and with Python keeping compiled
bytecode, its default (see drill_env).

    python bench/check_latency.py [--runs 3] [ids...]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from grader.runtime import client
from grader.learner import registry  # noqa: E402

CORE = ["softmax", "layernorm", "rmsnorm", "batchnorm", "attention", "mha", "gqa", "flash_attention",
        "rope", "swiglu", "top_p", "beam_search"]


def timed_check(drill_id: str, path: Path, home: Path) -> tuple[float, float]:
    """(seconds until the first values line, or the first failure, is printed; seconds until the
    command ends)."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "check", drill_id, "--file", str(path),
                             "--record"], cwd=ROOT, env=drill_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    values = float("nan")
    for line in proc.stdout:
        check = line.lstrip("✓✗!…- ").split("  ")[0]        # "values" or "entry: values"
        if values != values and (check.split(": ")[-1].startswith("values") or line.startswith("✗")):
            values = time.perf_counter() - start
    proc.wait()
    return values, time.perf_counter() - start


def drill_env(home: Path) -> dict:
    """The environment `drill` runs in: Python's own default of keeping compiled bytecode, even where
    this shell turns it off (PYTHONDONTWRITEBYTECODE), as a learner's shell does not."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"DRILL_HOME": str(home), "COLUMNS": "200"}


def wait_until_warm(home: Path, seconds: float = 60) -> float:
    """Seconds until the grader for `home` says it is warm (warmed up, its spare grading process ready)."""
    start = time.perf_counter()
    while not client.ping(home).get("warm") and time.perf_counter() - start < seconds:
        time.sleep(0.05)
    return time.perf_counter() - start


def median(xs):
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    ids = args.ids or [d for d in CORE if registry.get(d)]
    floors = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import torch"], check=True)
        floors.append(time.perf_counter() - start)
    floor = median(floors)
    print(f'python -c "import torch": {floor:.2f} s (the floor; ratios below are to it)')
    print(f"{'drill':18} {'file':6} {'cold values':>12} {'cold verdict':>13} {'warm values':>12} {'warm verdict':>13}")
    for drill_id in ids:
        wrong = sorted((ROOT / "tests" / "solutions" / drill_id).glob("wrong_*.py"))
        for label, path in (("pass", registry.get(drill_id).reference), ("fail", wrong[0] if wrong else None)):
            if path is None:
                continue
            cold, warm, ready = [], [], []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as tmp:
                    home = Path(tmp)
                    try:
                        cold.append(timed_check(drill_id, path, home))
                        ready.append(wait_until_warm(home))
                        warm.append(timed_check(drill_id, path, home))
                    finally:
                        client.stop(home)
            print(f"{drill_id:18} {label:6} {median([c[0] for c in cold]) / floor:>11.2f}x "
                  f"{median([c[1] for c in cold]) / floor:>12.2f}x {median([w[0] for w in warm]) / floor:>11.2f}x "
                  f"{median([w[1] for w in warm]) / floor:>12.2f}x   (warm verdict {median([w[1] for w in warm]):.2f} s; "
                  f"warm {median(ready):.1f} s after the first)")


if __name__ == "__main__":
    main()
