"""The child process that grades: `python -m grader.child`, one JSON request per line on stdin.

The learner's code runs here, never in the CLI's process. Events go out on a private copy of
stdout, one JSON object a line; whatever the learner's code prints lands in a file the parent
reads afterwards. The process can serve several requests (a warm grader)."""
from __future__ import annotations

import json
import os
import sys
import traceback


def limit_memory(megabytes: int) -> None:
    """Cap the address space at what is mapped now plus `megabytes` (Linux)."""
    try:
        import resource
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        cap = mapped + megabytes * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (OSError, ValueError, ImportError):
        pass


def main() -> None:
    events = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)                      # stdout joins stderr: the output file the parent gave us

    import torch
    from dataclasses import asdict
    from grader.pipeline import grade
    from grader.result import ERROR, Check
    torch.set_num_threads(1)

    def emit(obj):
        events.write(json.dumps(obj) + "\n")

    emit({"ready": True})
    limited = False
    for line in sys.stdin:
        request = json.loads(line)
        memory_mb = request.pop("memory_mb")
        if not limited:
            limit_memory(memory_mb)
            limited = True
        try:
            for event in grade(**request):
                if isinstance(event, tuple):
                    emit({"begin": event[1]})
                else:
                    emit({"check": asdict(event)})
        except Exception as e:
            traceback.print_exc()
            emit({"check": asdict(Check("grader", ERROR, f"internal error in the grader: "
                                                         f"{type(e).__name__}: {e}"))})
        sys.stdout.flush()
        sys.stderr.flush()
        emit({"done": True})


if __name__ == "__main__":
    main()
