"""Save-to-verdict in watch mode: a warm grader re-grading a drill's reference, per core drill.
Prints the median seconds to the first check, to the values verdict, and to the whole verdict.

    python bench/watch_latency.py [--runs 5] [ids...]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from grader import registry, sandbox  # noqa: E402
from bench.check_latency import CORE  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    worker = sandbox.Worker()
    start = time.perf_counter()
    worker.start()
    print(f"grader start (import torch and the grader): {time.perf_counter() - start:.2f} s")
    print(f"{'drill':18} {'values s':>9} {'verdict s':>10}")
    try:
        for drill_id in args.ids or [d for d in CORE if registry.get(d)]:
            to_values, to_verdict = [], []
            for run in range(args.runs):
                t0 = time.perf_counter()
                marks = {}

                def on_check(check):
                    if check.name == "values":
                        marks["values"] = time.perf_counter() - t0
                worker.grade(drill_id, registry.get(drill_id).reference, seed=run, on_check=on_check)
                to_verdict.append(time.perf_counter() - t0)
                to_values.append(marks.get("values", float("nan")))
            print(f"{drill_id:18} {statistics.median(to_values):>9.2f} {statistics.median(to_verdict):>10.2f}")
    finally:
        worker.close()


if __name__ == "__main__":
    main()
