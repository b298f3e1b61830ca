"""The warm grader: one process per DRILL_HOME that keeps torch and every drill's declaration loaded,
and forks a fresh grading process for each check, so a check costs no start-up and no grading
carries state into the next. Started on demand by `drill check` (and watch, mock, the notebook), it
ends itself after some idle minutes; a client whose install changed asks it to quit and starts a
new one.

Protocol: a client connects to the Unix socket and sends one JSON request line; the server answers
with JSON lines: {"begin": step}, {"check": {...}}, {"end": step}, then {"output": ..., "output_bytes":
n} and {"done": true} (or {"stopped": why} when the grading process did not finish). The grading
process writes its events on a pipe of its own, each line signed with a token of the request, so
nothing the learner's code prints can pass for a check; the server relays them, enforces the stall
and total limits, tells a complete report from a cut one, and kills the grading and everything it
started as soon as the client goes away."""
from __future__ import annotations

import json
import os
import secrets
import selectors
import shutil
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

from grader import sandbox
from grader.sandbox import Limits

IDLE_SECONDS = float(os.environ.get("DRILL_IDLE_SECONDS", 600))
OUTPUT_SHOWN = 4000
CHANNEL_CLOSED = 86      # the grading process's exit code when the learner's code closed its event pipe


def warm_up():
    """What a grading needs, imported one piece at a time while the server is idle, so that no
    check pays for it (the first check, which may come before, imports what it needs itself)."""
    import torch
    from grader import loader, registry
    for drill_id in registry.drills():
        def load(drill_id=drill_id):
            try:
                loader.declaration(drill_id)
                loader.reference(drill_id)
            except Exception:
                pass          # a broken declaration is reported when it is graded
        yield load
    yield lambda: (torch.ones(2, device="meta") * 2).exp()     # torch's meta kernels, for the device check


class Grading:
    """One check: a forked grading process, its pipe, its client, its limits."""

    def __init__(self, conn: socket.socket, request: dict, home: Path):
        self.conn, self.request = conn, request
        self.limits = Limits(**request.get("limits", {}))
        self.token = secrets.token_hex(8)
        self.scratch = Path(tempfile.mkdtemp(prefix="drill-grading-"))
        self.output = self.scratch / ".output"
        self.started = self.last = time.monotonic()
        self.buffer = b""
        self.steps_open: list[str] = []
        self.checks = 0
        self.done = False
        self.why = ""
        self.killed_by_us = False
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:                                   # the grading process
            os.close(read)
            run_grading(request, write, self.token, self.scratch, self.output, self.limits, home)
        os.close(write)
        self.pipe = read

    def send(self, obj: dict) -> bool:
        try:
            self.conn.sendall((json.dumps(obj) + "\n").encode())
            return True
        except OSError:
            return False

    def feed(self, chunk: bytes) -> None:
        self.buffer += chunk
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            token, _, body = line.partition(b" ")
            if token.decode(errors="replace") != self.token:
                continue                                    # not the grader's: ignored
            try:
                event = json.loads(body)
            except ValueError:
                continue
            self.last = time.monotonic()
            if "begin" in event:
                self.steps_open.append(event["begin"])
            elif "end" in event:
                if event["end"] in self.steps_open:
                    self.steps_open.remove(event["end"])
            elif "check" in event:
                self.checks += 1
            elif "done" in event:
                if event["done"] != self.checks or self.steps_open:
                    self.why = "the grading process's report was incomplete"
                else:
                    self.done = True
                continue
            self.send(event)

    def overdue(self, now: float) -> str:
        if now - self.started > self.limits.total_seconds:
            return (f"the whole grading took more than {self.limits.total_seconds:g} s and was stopped: your code is "
                    f"far too slow, or an operation hangs")
        if now - self.last > self.limits.stall_seconds:
            return (f"your code did not finish within {self.limits.stall_seconds:g} s and was stopped: an infinite "
                    f"loop, or a single operation far too large?")
        return ""

    def stop(self, why: str = "") -> None:
        self.killed_by_us = True
        self.why = self.why or why
        sandbox.kill_tree(self.pid, include_self=True, group=self.pid)

    def finish(self, status: int) -> None:
        """The grading process ended: reap what it left, and tell the client how it ended."""
        sandbox.kill_tree(self.pid, group=self.pid)
        try:
            size = self.output.stat().st_size
            with open(self.output, "rb") as f:
                shown = f.read(OUTPUT_SHOWN + 1).decode(errors="replace")
        except OSError:
            size, shown = 0, ""
        self.send({"output": shown, "output_bytes": size})
        if self.done:
            self.send({"done": True})
        else:
            self.send({"stopped": self.why or why_it_ended(status, size, self.limits),
                       "step": self.steps_open[-1] if self.steps_open else "start", "grader": self.grader_fault(status)})
        shutil.rmtree(self.scratch, ignore_errors=True)
        try:
            os.close(self.pipe)
        except OSError:
            pass
        self.conn.close()

    def grader_fault(self, status: int) -> bool:
        """The grading ended for a reason outside the learner's code (killed from outside)."""
        return (not self.killed_by_us and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
                and not self.why)


def why_it_ended(status: int, printed: int, limits: Limits) -> str:
    from grader.guards import OUTPUT_LIMIT
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status))
        if sig == signal.SIGXFSZ or printed >= OUTPUT_LIMIT:
            return f"your code printed more than {OUTPUT_LIMIT // 2**20} MB and was stopped"
        if sig == signal.SIGKILL:
            return "the grading process was killed from outside (signal 9) while it graded; nothing is recorded"
        return f"the Python interpreter crashed ({sig.name}) while running your code"
    code = os.WEXITSTATUS(status)
    if code == CHANNEL_CLOSED:
        return "your code closed the grader's own channel (a file descriptor it did not open), so grading stopped"
    return f"the process exited with code {code} in the middle of grading: does your code call os._exit()?"


def run_grading(request: dict, pipe: int, token: str, scratch: Path, output: Path, limits: Limits, home: Path):
    """The grading process: isolate, grade, report on the pipe; never returns."""
    code = 0
    try:
        channel = os.dup2(pipe, 200 + secrets.randbelow(300))   # out of the way of fds the learner opens
        os.close(pipe)
        os.closerange(3, channel)                  # the server's listener and other clients: not ours
        os.closerange(channel + 1, 4096)
        events = os.fdopen(channel, "w", buffering=1)

        def emit(obj) -> None:
            events.write(f"{token} {json.dumps(obj)}\n")
        from dataclasses import asdict

        from hypothesis.database import DirectoryBasedExampleDatabase

        from grader import loader
        from grader.pipeline import grade
        from grader.result import ERROR, Check
        loader.declaration(request["drill"])
        loader.reference(request["drill"])
        database = DirectoryBasedExampleDatabase(str(home / "examples")) if request.get("replay", True) else None
        sandbox.isolate(scratch, output, limits, request["file"])
        sandbox.hide_reference()
        n = 0
        try:
            for event in grade(request["drill"], request["file"], seed=request["seed"], device=request["device"],
                               speed_check=request["speed"], call_limit=limits.call_seconds,
                               max_examples=request.get("max_examples"), database=database,
                               check_budget=limits.check_seconds):
                if isinstance(event, tuple):
                    emit({event[0]: event[1]})
                else:
                    n += 1
                    emit({"check": asdict(event)})
        except Exception as e:
            import traceback
            traceback.print_exc()
            n += 1
            emit({"check": asdict(Check("grader", ERROR, f"internal error in the grader: {type(e).__name__}: {e}"))})
        emit({"done": n})
        events.flush()
    except OSError:
        code = CHANNEL_CLOSED
    finally:
        sandbox.kill_tree(os.getpid())
    os._exit(code)


class Server:
    def __init__(self, path: str, home: Path):
        self.path, self.home = path, home
        self.selector = selectors.DefaultSelector()
        self.gradings: dict[int, Grading] = {}
        self.idle_since = time.monotonic()
        self.stamp = os.environ.get("DRILL_STAMP", "")
        self.warming = warm_up()

    def serve(self) -> None:
        sandbox.prctl(sandbox.PR_SET_CHILD_SUBREAPER, 1)       # what a grading leaves behind comes back here
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        tmp = f"{self.path}.{os.getpid()}"
        listener.bind(tmp)
        listener.listen(16)
        os.replace(tmp, self.path)                         # the socket appears only once it listens
        self.selector.register(listener, selectors.EVENT_READ, ("accept", None))
        signal.signal(signal.SIGTERM, lambda *_: self.quit())
        try:
            while True:
                ready = self.selector.select(timeout=0 if self.warming else 0.2)
                if not ready and self.warming and not self.gradings:
                    step = next(self.warming, None)
                    if step is None:
                        self.warming = None
                    else:
                        step()
                for key, _ in ready:
                    kind, grading = key.data
                    if kind == "accept":
                        self.accept(listener)
                    elif kind == "request":
                        self.request(key.fileobj)
                    elif kind == "pipe":
                        self.read_pipe(grading)
                    elif kind == "client":
                        self.client_gone(grading)
                self.collect()
                if self.gradings:
                    self.idle_since = time.monotonic()
                elif time.monotonic() - self.idle_since > IDLE_SECONDS:
                    break
        finally:
            self.quit()

    def quit(self):
        for g in list(self.gradings.values()):
            g.stop("the grader was stopped")
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os._exit(0)

    def accept(self, listener):
        conn, _ = listener.accept()
        conn.setblocking(True)
        self.selector.register(conn, selectors.EVENT_READ, ("request", None))

    def request(self, conn):
        self.selector.unregister(conn)
        data = b""
        conn.settimeout(5)
        try:
            while not data.endswith(b"\n"):
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
            request = json.loads(data)
        except (OSError, ValueError):
            conn.close()
            return
        if request.get("ping"):
            from grader import devices
            conn.sendall((json.dumps({"stamp": self.stamp, "pid": os.getpid(),
                                      "devices": devices.available()}) + "\n").encode())
            conn.close()
            return
        if request.get("quit"):
            conn.close()
            if not self.gradings:
                self.quit()
            return
        grading = Grading(conn, request, self.home)
        self.gradings[grading.pid] = grading
        self.selector.register(grading.pipe, selectors.EVENT_READ, ("pipe", grading))
        self.selector.register(conn, selectors.EVENT_READ, ("client", grading))

    def read_pipe(self, grading):
        try:
            chunk = os.read(grading.pipe, 65536)
        except OSError:
            chunk = b""
        if chunk:
            grading.feed(chunk)
        else:
            self.selector.unregister(grading.pipe)

    def client_gone(self, grading):
        try:
            if grading.conn.recv(1, socket.MSG_PEEK):
                grading.conn.recv(65536)                   # clients say nothing more; ignore it
                return
        except OSError:
            pass
        self.selector.unregister(grading.conn)
        grading.stop("the client went away")

    def collect(self):
        """Finish gradings whose process ended; stop overdue ones; kill orphans handed to us."""
        now = time.monotonic()
        for g in list(self.gradings.values()):
            why = g.overdue(now)
            if why and not g.killed_by_us:
                g.stop(why)
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            g = self.gradings.pop(pid, None)
            if g is None:
                sandbox.kill_tree(pid)                    # an orphan of some grading: gone
                continue
            try:
                while True:                                # what is left in the pipe
                    chunk = os.read(g.pipe, 65536)
                    if not chunk:
                        break
                    g.feed(chunk)
            except OSError:
                pass
            for fileobj in (g.pipe, g.conn):
                try:
                    self.selector.unregister(fileobj)
                except (KeyError, ValueError):
                    pass
            g.finish(status)
        if os.path.isdir("/proc"):
            mine = set(self.gradings)
            for child in sandbox.children_of().get(os.getpid(), []):
                if child not in mine:
                    sandbox.kill_tree(child, include_self=True)


def main() -> None:
    path, home = sys.argv[1], Path(sys.argv[2])
    sandbox.lighten_torch()
    import torch
    torch.set_num_threads(1)
    from grader import pipeline  # noqa: F401   what every grading needs, before the first one comes
    Server(path, home).serve()


if __name__ == "__main__":
    main()
