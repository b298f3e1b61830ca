"""How often the speed check fails a correct solution (a false fail) or passes a loop (a miss).

Times, with the speed check alone, every correct solution of a drill (its reference and
tests/solutions/<id>/right_*.py) and every loop solution (the wrong_*.py whose verdict fails on
"no loop", the check that catches loops in tests, by counting), many times, with no load and with a
busy process beside it; prints the rates and the extreme ratios per drill and entry. Timing decides
no test: this is where its figures come from.

    python bench/speed_flake.py [--repeats 20] [ids...]
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ALLOCATOR = {"MALLOC_MMAP_THRESHOLD_": "1000000000", "MALLOC_TRIM_THRESHOLD_": "10000000000", "OMP_NUM_THREADS": "1"}


def main():
    if os.environ.get("MALLOC_MMAP_THRESHOLD_") is None:   # time under the grader's own settings
        os.execve(sys.executable, [sys.executable, *sys.argv], dict(os.environ, **ALLOCATOR))
    import torch
    from grader.engine import loader, speed
    from grader.learner import registry
    from grader.engine.pipeline import Grading
    from tests.grading import expectation
    torch.set_num_threads(1)

    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    ids = args.ids or [d for d in registry.drills() if any(e.speed for e in loader.declaration(d).entries)]

    def ratios(drill_id, path, entry, repeats):
        g = Grading(drill_id, loader.declaration(drill_id), path, None, 0, 30.0, 0, None, 60.0)
        list(g.load()), list(g.signature())
        eg = next(e for e in g.entries if e.name == entry)
        eg.values_ok = True
        out = []
        for _ in range(repeats):
            check = speed.check(eg)
            ratio = float(check.message.split("×")[0]) if "×" in check.message else float("inf")
            out.append((check.status, ratio))
        return out

    print(f"{'drill / entry':34} {'load':5} {'correct: false fails':>22} {'worst':>7} {'loops: misses':>15} "
          f"{'lowest':>7} {'limit':>6}")
    for drill_id in ids:
        folder = ROOT / "tests" / "solutions" / drill_id
        right = [registry.get(drill_id).reference, *sorted(folder.glob("right_*.py"))]
        for entry in [e for e in loader.declaration(drill_id).entries if e.speed]:
            label = f"{entry.name}: no loop" if len(loader.declaration(drill_id).entries) > 1 else "no loop"
            loops = [p for p in sorted(folder.glob("wrong_*.py")) if label in expectation(p)]
            for load in ("none", "busy"):
                busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if load == "busy" else None
                try:
                    good = [r for p in right for r in ratios(drill_id, p, entry.name, args.repeats)]
                    bad = [r for p in loops for r in ratios(drill_id, p, entry.name, args.repeats)]
                finally:
                    if busy:
                        busy.kill()
                false_fails = sum(s != "pass" for s, _ in good)
                misses = sum(s == "pass" for s, _ in bad)
                worst = max((r for _, r in good), default=float("nan"))
                lowest = min((r for _, r in bad), default=float("nan"))
                print(f"{drill_id + ' / ' + entry.name:34} {load:5} {false_fails:>10} of {len(good):<9} {worst:>7.2f} "
                      f"{misses:>6} of {len(bad):<6} {lowest:>7.1f} {entry.speed.limit:>6g}")


if __name__ == "__main__":
    main()
