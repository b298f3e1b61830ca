"""Whether a busy machine changes a verdict. `drill check <id> --file <file>` (the real CLI and its
warm grader, as a learner runs it: no seed, speed included) for each drill's reference and every
right file in tests/solutions, first on an idle machine, then with every CPU saturated by twice as
many busy processes as there are cores (`python -c "while True: pass"`, killed at the end whatever
happens, Ctrl-C included). Every file is right, so every verdict should be a pass in both
conditions. Prints each failure as it comes, then how many passed in each condition and how long
the gradings took (the medians, and the median of each file's loaded / idle ratio). A benchmark,
not a test: it judges nothing by itself.

    python bench/loaded.py [--drills softmax,gqa] [--quick] [--busy N]

--quick grades the references only.
"""
import argparse
import json
import os
import signal
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


def files(drill_ids: list[str], quick: bool) -> list[tuple[str, Path]]:
    """(drill, file) for each reference and, unless quick, each right file kept beside the tests."""
    found = []
    for drill_id in drill_ids:
        found.append((drill_id, registry.get(drill_id).reference))
        if not quick:
            found += [(drill_id, p) for p in sorted((ROOT / "tests" / "solutions" / drill_id).glob("right_*.py"))]
    return found


def check(drill_id: str, path: Path, home: Path) -> tuple[bool, float, str]:
    """(passed, seconds the command took, what failed) for one `drill check`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"DRILL_HOME": str(home)}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", drill_id, "--file", str(path), "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    try:
        verdict = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return False, took, f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}"
    failed = "; ".join(f"{c['name']}: {c['status']}: {c['message'][:200]}" for c in verdict.get("checks", [])
                       if c["status"] not in ("pass", "skipped"))
    return bool(verdict.get("passed")), took, failed


def run_all(todo: list[tuple[str, Path]], home: Path, label: str) -> dict:
    """{(drill, file name): (passed, seconds)}."""
    results = {}
    for drill_id, path in todo:
        passed, took, failed = check(drill_id, path, home)
        results[(drill_id, path.name)] = (passed, took)
        if not passed:
            print(f"  {label}: {drill_id} {path.name} FAILED in {took:.1f} s: {failed}", flush=True)
    return results


def busy_processes(n: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL)
            for _ in range(n)]


def stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
    for p in procs:
        p.wait()


def summary(label: str, results: dict) -> str:
    times = [t for _, t in results.values()]
    passed = sum(ok for ok, _ in results.values())
    return (f"{label:7} passed {passed}/{len(results)}   median {statistics.median(times):.2f} s   "
            f"max {max(times):.2f} s   total {sum(times):.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--drills", help="comma-separated drill ids (default: every drill)")
    parser.add_argument("--quick", action="store_true", help="grade the references only")
    parser.add_argument("--busy", type=int, default=2 * (os.cpu_count() or 1),
                        help="busy processes while loaded (default: twice the cores)")
    args = parser.parse_args()
    ids = args.drills.split(",") if args.drills else registry.drills()
    unknown = [d for d in ids if registry.get(d) is None]
    if unknown:
        sys.exit(f"unknown drills: {', '.join(unknown)}")
    todo = files(ids, args.quick)
    print(f"{len(todo)} files of {len(ids)} drills; {os.cpu_count()} cores; loaded: {args.busy} busy processes",
          flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))      # killed: the busy processes still go (finally)
    spinners: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        try:
            client.ensure(home)
            idle = run_all(todo, home, "idle")
            print(summary("idle", idle), flush=True)
            spinners = busy_processes(args.busy)
            time.sleep(1)
            loaded = run_all(todo, home, "loaded")
            print(summary("loaded", loaded), flush=True)
        finally:
            stop(spinners)
            client.stop(home)
    ratios = [loaded[k][1] / idle[k][1] for k in idle]
    print(f"loaded / idle, per file: median {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x; "
          f"medians {statistics.median(t for _, t in loaded.values()) / statistics.median(t for _, t in idle.values()):.2f}x")
    changed = [k for k in idle if idle[k][0] != loaded[k][0]]
    print(f"verdicts that changed under load: {len(changed)}" + "".join(f"\n  {d} {f}" for d, f in changed))


if __name__ == "__main__":
    main()
