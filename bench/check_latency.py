"""Median wall time of `drill check <id> --file reference/<id>.py` per drill, next to
`python -c "import torch"` and `drill list` on the same machine.

    python bench/check_latency.py [--runs 3] [ids...]
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from grader import registry  # noqa: E402

CORE = ["softmax", "layernorm", "rmsnorm", "batchnorm", "attention", "mha", "gqa", "flash_attention",
        "rope", "swiglu", "top_p", "beam_search"]


def median_seconds(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    ids = args.ids or [d for d in CORE if registry.get(d)]
    drill = [sys.executable, str(ROOT / "cli.py")]
    print(f"{'command':44} median s")
    label = 'python -c "import torch"'
    print(f"{label:44} {median_seconds([sys.executable, '-c', 'import torch'], args.runs):.2f}")
    print(f"{'drill list':44} {median_seconds(drill + ['list'], args.runs):.2f}")
    for drill_id in ids:
        ref = str(registry.get(drill_id).reference)
        seconds = median_seconds(drill + ["check", drill_id, "--file", ref, "--json", "--seed", "1"], args.runs)
        print(f"{'drill check ' + drill_id:44} {seconds:.2f}")


if __name__ == "__main__":
    main()
