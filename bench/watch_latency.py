"""Save-to-verdict with the grader warm (watch, mock, a second drill check): the median seconds
until the values line and until the whole verdict, for a passing and a failing file per drill. Each
save comes once the grader is warm again (its spare grading process ready), as a learner's next
save comes after an edit, and is graded as watch grades it: the grader chooses the seed.

    python bench/watch_latency.py [--runs 5] [ids...]
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.check_latency import CORE, wait_until_warm  # noqa: E402
from grader.runtime import client
from grader.learner import registry  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        start = time.perf_counter()
        client.ensure(home)
        print(f"grader start (import torch and the grader): {time.perf_counter() - start:.2f} s")
        print(f"{'drill':18} {'file':5} {'values s':>9} {'verdict s':>10}")
        try:
            for drill_id in args.ids or [d for d in CORE if registry.get(d)]:
                wrong = sorted((ROOT / "tests" / "solutions" / drill_id).glob("wrong_*.py"))
                for label, path in (("pass", registry.get(drill_id).reference), ("fail", wrong[0] if wrong else None)):
                    if path is None:
                        continue
                    to_values, to_verdict = [], []
                    for _ in range(args.runs):
                        wait_until_warm(home)
                        t0 = time.perf_counter()
                        marks = {}

                        def on_check(check):
                            if check.name.endswith("values") and "values" not in marks:
                                marks["values"] = time.perf_counter() - t0
                        client.grade(drill_id, path, home=home, on_check=on_check, replay=False)
                        to_verdict.append(time.perf_counter() - t0)
                        to_values.append(marks.get("values", float("nan")))
                    print(f"{drill_id:18} {label:5} {statistics.median(to_values):>9.2f} "
                          f"{statistics.median(to_verdict):>10.2f}")
        finally:
            client.stop(home)


if __name__ == "__main__":
    main()
