"""How often the speed check fails a correct solution (false fail) or passes a loop (miss).

Grades, with the speed check only, every correct solution of a drill (its reference and
tests/solutions/<id>/right_*.py) and every wrong solution that must fail on speed (loops over the
batch or rows; loops over heads are caught by a call-count check instead, not by timing),
many times, with no load and with a busy process beside it; prints the rates per drill.

    python bench/speed_flake.py [--repeats 20] [ids...]
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main():
    from grader import sandbox
    if os.environ.get("MALLOC_MMAP_THRESHOLD_") is None:   # time under the grader's own settings
        os.execve(sys.executable, [sys.executable, *sys.argv], sandbox.child_env())
    import torch
    from grader import registry, speed
    from grader.pipeline import Grading, loader
    from tests.grading import expectation
    torch.set_num_threads(1)

    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    ids = args.ids or [d for d in registry.drills() if loader.declaration(d).speed]

    def ratios(drill_id, path, repeats):
        g = Grading(drill_id, loader.declaration(drill_id), Path(path), 0, 30.0, 0)
        list(g.load()), list(g.signature())
        out = []
        for _ in range(repeats):
            check = speed.check(g)
            out.append((check.status, float(check.message.split("×")[0])))
        return out

    print(f"{'drill':18} {'load':5} {'correct: false fails':>22} {'worst ratio':>12} "
          f"{'loops: misses':>15} {'lowest ratio':>13} {'limit':>6}")
    for drill_id in ids:
        info = registry.get(drill_id)
        folder = ROOT / "tests" / "solutions" / drill_id
        right = [info.reference, *sorted(folder.glob("right_*.py"))]
        loops = [p for p in sorted(folder.glob("wrong_*.py")) if expectation(p)["check"] == "speed"]
        limit = loader.declaration(drill_id).speed_limit
        for load in ("none", "busy"):
            busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if load == "busy" else None
            try:
                good = [r for p in right for r in ratios(drill_id, p, args.repeats)]
                bad = [r for p in loops for r in ratios(drill_id, p, args.repeats)]
            finally:
                if busy:
                    busy.kill()
            false_fails = sum(s != "pass" for s, _ in good)
            misses = sum(s == "pass" for s, _ in bad)
            worst = max((r for _, r in good), default=float("nan"))
            lowest = min((r for _, r in bad), default=float("nan"))
            print(f"{drill_id:18} {load:5} {false_fails:>10} of {len(good):<9} {worst:>12.2f} "
                  f"{misses:>6} of {len(bad):<6} {lowest:>13.1f} {limit:>6g}")


if __name__ == "__main__":
    main()
