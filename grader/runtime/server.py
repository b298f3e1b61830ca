"""The warm grader: one process per DRILL_HOME that keeps torch and every drill's declaration loaded,
and forks a fresh grading process for each check, so a check costs no start-up and no grading
carries state into the next. While idle it warms itself up (warm_up) and forks the next check's
process ahead (Worker). Started on demand by `drill check` (and watch, mock, the notebook), it ends
itself after some idle minutes; a client whose install changed asks it to quit and starts a new one.

Protocol: a client connects to the Unix socket and sends one JSON request line; the server answers
with JSON lines: {"begin": step}, {"check": {...}}, {"end": step}, then {"output": ..., "output_bytes":
n} and {"done": true} (or {"stopped": why} when the grading process did not finish). The grading
process writes its events on a pipe of its own, each line signed with a token of the request, so
nothing the learner's code prints can pass for a check; the server relays them, enforces the stall
and total limits, tells a complete report from a cut one, and kills the grading and everything it
started as soon as the client goes away."""
from __future__ import annotations

import errno
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
from dataclasses import asdict
from pathlib import Path

from grader import words
from grader.engine import processes
from grader.runtime import sandbox
from grader.runtime.sandbox import Limits

IDLE_SECONDS = float(os.environ.get("DRILL_IDLE_SECONDS", 600))
WARM_AFTER = 0.3         # warming up waits this long after the last grading: a check that comes meanwhile goes first
OUTPUT_SHOWN = 4000
CHANNEL_CLOSED = 86      # the grading process's exit code when the learner's code closed its event pipe
CLOSED_MARK = ".channel-closed"                # ... and the file in scratch that says it was that
GRADER_FAILED = 70       # ... when the grading process itself failed
# The grading's own tasks beside what the learner's code starts: the judge, the learner's process, and
# a distributed drill's rank processes (with gloo's threads) for the reference as well as the learner.
GRADER_TASKS = 48
FROM_OUTSIDE = {signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT}
CPUS = os.cpu_count() or 1
MEASURE_EVERY = 0.5      # a grading's CPU time is read at most this often (reading it walks /proc)


WARM_DRILL = "softmax"       # graded in the server while idle, and by spares until a check names another drill


def warm_grading(drill: str = WARM_DRILL, seed: int = 0, **options) -> None:
    """Grade a drill's reference in this process: a grading pays for much on its first run in a
    process (Hypothesis' engine, torch's kernels and fake tensors, the first touches of memory a
    forked process shares), and whatever runs later pays none of it; the reference's results are
    kept (Runner.remembered) for a check with the same seed. Devices are only emulated: CUDA
    started in the server could not be started again in the processes it forks."""
    from grader.learner import registry
    from grader.engine.guards import LEARNER_PREFIX
    from grader.engine.pipeline import grade
    info = registry.get(drill)
    if info is None:
        return
    try:
        for _ in grade(drill, str(info.reference), seed=seed, device="emulated", apart=False, **options):
            pass
    except Exception:
        pass                 # only a head start: a grader that cannot grade says so on the first check
    finally:                 # the reference, loaded as a learner's file: not left for a learner to import
        for name in [n for n in sys.modules if n.startswith(LEARNER_PREFIX)]:
            del sys.modules[name]


def warm_up():
    """What a grading needs, done one piece at a time while the server is idle, so that no check
    pays for it (the first check, which may come before, does what it needs itself): one whole
    grading (0.3 s less for every grading forked afterwards); every drill's declaration and
    reference; then the garbage collector's freeze, so that a grading's collections skip what the
    server holds."""
    import gc

    from grader.engine import loader
    from grader.learner import registry
    yield warm_grading
    for drill_id in registry.drills():
        def load(drill_id=drill_id):
            try:
                loader.declaration(drill_id)
                loader.reference(drill_id)
            except Exception:
                pass          # a broken declaration is reported when it is graded
        yield load
    yield lambda: (gc.collect(), gc.freeze())


class Worker:
    """A grading process: forked by the server, it waits for its check on a pipe, grades it, reports
    on a pipe of its own and ends. While the server is idle one is forked ahead and warmed up by
    grading the reference of the drill last checked (the next check is most often of it again) with
    the seed it will give a check that asks for none. The next check then pays neither the fork nor
    the first touches of the memory it shares with the server (0.1 s), and finds the reference's
    results made on every input a right answer meets (a fifth of a grading). A worker says it is
    ready with an empty line on its report pipe. A check that finds no ready one forks its own."""

    def __init__(self, home: Path, warm: str = ""):
        self.seed = new_seed()              # its warm-up's, given to a check that asks for none
        orders, self.orders = os.pipe()            # server -> worker: the check, then end of file
        self.events, events = os.pipe()            # worker -> server: the report
        server = os.getpid()
        try:
            self.pid = os.fork()
        except OSError:
            for fd in (orders, self.orders, self.events, events):
                os.close(fd)
            raise
        if self.pid == 0:
            try:
                for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                    signal.signal(sig, signal.SIG_DFL)      # not the server's handlers: they would end the server
                processes.prctl(processes.PR_SET_PDEATHSIG, signal.SIGKILL)
                if os.getppid() != server:
                    os._exit(0)                             # the server died before the line above
                kept = sorted((orders, events))
                for low, high in zip((3, kept[0] + 1, kept[1] + 1), (kept[0], kept[1], 4096)):
                    os.closerange(low, high)                # the server's listener and its clients' sockets
                if warm:
                    warm_grading(warm, seed=self.seed, database=example_view(home))
                    os.write(events, b"\n")                 # ready (a line without the token: no event)
                data = b""
                while chunk := os.read(orders, 65536):
                    data += chunk
                os.close(orders)
                if not data:
                    os._exit(0)                             # the server let it go unused
                check = json.loads(data)
                run_grading(check["request"], events, check["token"], Path(check["scratch"]),
                            Path(check["output"]), Limits(**check["limits"]), home)
            finally:
                os._exit(GRADER_FAILED)                     # never back into the server's loop
        os.close(orders)
        os.close(events)
        os.set_blocking(self.events, False)
        self.ready = not warm

    def start(self, check: dict) -> None:
        """Hand the worker its check; OSError when it is gone."""
        data = json.dumps(check).encode()
        try:
            while data:
                data = data[os.write(self.orders, data):]
        finally:
            os.close(self.orders)
            self.orders = -1

    def kill(self) -> None:
        """A worker never handed a check: gone, and its pipes closed."""
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.close()

    def close(self) -> None:
        for fd in (self.orders, self.events):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.orders = self.events = -1


def new_seed() -> int:
    return secrets.randbelow(2**31)


def example_view(home: Path):
    """The inputs a check replays first (the last failing ones), read and never changed: a passing
    run would drop them from the database."""
    from hypothesis.database import DirectoryBasedExampleDatabase, ReadOnlyDatabase
    return ReadOnlyDatabase(DirectoryBasedExampleDatabase(str(home / "examples")))


class Grading:
    """One check: its grading process (the spare worker, else one forked for it), its pipe, its
    client, its limits."""

    lang = words.DEFAULT          # the language of its request, in which the server's messages about it are said

    def __init__(self, conn: socket.socket, request: dict, home: Path, spare: Worker | None = None):
        self.conn, self.request = conn, request
        self.lang = request["lang"] = language(request)     # the grading process speaks it too
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
        self.fault = False                 # the grading ended for a reason outside the learner's code
        self.killed_by_us = False
        self.learner_signals: list[int] = []
        self.cgroup = sandbox.Cgroup(self.limits.processes + GRADER_TASKS)
        check = {"request": request, "token": self.token, "scratch": str(self.scratch), "output": str(self.output),
                 "limits": asdict(self.limits)}
        try:
            worker = self.hand_over(check, spare, home)
        except OSError:
            self.cgroup.remove()
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        self.pid, self.pipe = worker.pid, worker.events
        self.measured = self.started
        self.base = self.cpu_now()          # a spare's warm-up is not the grading's
        self.used = self.used_at_last = 0.0
        self.send({"seed": request["seed"]})

    def hand_over(self, check: dict, spare: Worker | None, home: Path) -> Worker:
        """The spare worker, given this check; or, where there is none or it died while it waited, a
        worker forked for it."""
        if spare is not None:
            try:
                return self.run_on(spare, check)
            except OSError:
                pass
        return self.run_on(Worker(home), check)

    def run_on(self, worker: Worker, check: dict) -> Worker:
        """The worker in the grading's cgroup (before it runs anything of the learner's), given the
        check; a worker that cannot take it is killed (OSError)."""
        self.cgroup.join(worker.pid)
        try:
            worker.start(check)
        except OSError:
            worker.kill()
            raise
        return worker

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
            self.measure(self.last)
            self.used_at_last = self.used
            if self.done:                                   # nothing may follow the end of the report
                self.done, self.why, self.fault = False, self.say("report_went_on"), True
            if "signal" in event:
                self.learner_signals.append(event["signal"])
                continue
            if "begin" in event:
                self.steps_open.append(event["begin"])
            elif "end" in event:
                if event["end"] in self.steps_open:
                    self.steps_open.remove(event["end"])
            elif "check" in event:
                self.checks += 1
            elif "done" in event:
                if event["done"] != self.checks or self.steps_open:
                    self.why = self.say("report_incomplete_step" if self.steps_open else "report_incomplete",
                                        arrived=self.checks, sent=event["done"],
                                        step=self.steps_open[-1] if self.steps_open else "")
                    self.fault = True
                elif not self.why:
                    self.done = True
                continue
            self.send(event)

    def say(self, key: str, **slots) -> str:
        """A message of the server's in the language of the grading's request."""
        return words.say(f"runtime.server.{key}", lang=self.lang, **slots)

    def cpu_now(self) -> float:
        """CPU seconds the grading's processes used (wall seconds where that cannot be read)."""
        used = processes.tree_cpu(self.pid, self.cgroup)
        return used if used is not None else time.monotonic()

    def measure(self, now: float) -> None:
        """self.used: the grading's CPU time so far, read again when the last reading is old."""
        if now - self.measured >= MEASURE_EVERY:
            self.measured, self.used = now, self.cpu_now() - self.base

    def overdue(self, now: float) -> str:
        """Why the grading must be stopped now, or "". The whole grading and the time without a word
        from it are held to CPU time (its processes together), with wall-clock backstops
        wall_factor times larger."""
        total, stall, factor = self.limits.total_seconds, self.limits.stall_seconds, self.limits.wall_factor
        if now - self.started > factor * total:
            return self.say("grading_wall", seconds=f"{factor * total:g}")
        if now - self.last > factor * stall:
            return self.say("stall_wall", seconds=f"{factor * stall:g}")
        if CPUS * (now - self.started) <= total and CPUS * (now - self.last) <= stall:
            return ""                       # too soon for either CPU limit, whatever the grading did
        self.measure(now)
        if self.used > total:
            return self.say("grading_cpu", seconds=f"{total:g}")
        if self.used - self.used_at_last > stall:
            return self.say("stall_cpu", seconds=f"{stall:g}")
        return ""

    def stop(self, why: str = "", fault: bool = False) -> None:
        self.killed_by_us = True
        if not self.why:
            self.why, self.fault = why, fault
        processes.kill_tree(self.pid, include_self=True, group=self.pid, cgroup=self.cgroup)

    def stopped(self) -> None:
        """The grading process was stopped (SIGSTOP, SIGTSTP): by the learner's code, or from outside."""
        if self.killed_by_us:
            return
        if self.learner_signals:
            sig = signal.Signals(self.learner_signals[-1]).name
            self.stop(self.say("stopped_itself", signal=sig))
        else:
            self.stop(self.say("stopped_outside"), fault=True)

    def finish(self, status: int, orphans) -> None:
        """The grading process ended: kill what it left, then tell the client how it ended."""
        processes.kill_tree(self.pid, group=self.pid, cgroup=self.cgroup)
        orphans()                                     # what the learner started and detached: gone before the verdict
        self.cgroup.remove()
        try:
            size = self.output.stat().st_size
            with open(self.output, "rb") as f:
                shown = f.read(OUTPUT_SHOWN + 1).decode(errors="replace")
        except OSError:
            size, shown = 0, ""
        why, fault = ("", False) if self.done else (self.why, self.fault) if self.why else self.ended(status, size)
        shutil.rmtree(self.scratch, ignore_errors=True)   # what the learner's code wrote there: gone before the verdict
        self.send({"output": shown, "output_bytes": size})
        if self.done:
            self.send({"done": True})
        else:
            self.send({"stopped": why, "step": self.steps_open[-1] if self.steps_open else "start", "grader": fault})
        try:
            os.close(self.pipe)
        except OSError:
            pass
        self.conn.close()

    def ended(self, status: int, printed: int) -> tuple[str, bool]:
        """(why the grading process ended before its report did, whether that is the grader's fault)."""
        from grader.engine.guards import OUTPUT_LIMIT
        if os.WIFSIGNALED(status):
            sig = signal.Signals(os.WTERMSIG(status))
            if sig == signal.SIGXFSZ or printed >= OUTPUT_LIMIT:
                return self.say("printed_too_much", megabytes=OUTPUT_LIMIT // 2**20), False
            if sig in self.learner_signals:
                return self.say("signalled_itself", signal=sig.name), False
            if sig in FROM_OUTSIDE:
                return self.say("killed_outside", signal=sig.name), True
            if sig in (signal.SIGALRM, signal.SIGPROF):
                return self.say("alarm_taken", signal=sig.name), False
            return self.say("crashed", signal=sig.name), False
        code = os.WEXITSTATUS(status)
        if code == GRADER_FAILED:
            return self.say("grader_failed"), True
        if code == CHANNEL_CLOSED and (self.scratch / CLOSED_MARK).exists():
            return self.say("channel_closed"), False
        return self.say("exited", code=code), False


def language(request: dict) -> str:
    """The language a request asks its verdict in (English when it names none, or none known)."""
    try:
        return words.known(request.get("lang"))
    except ValueError:
        return words.DEFAULT


def run_grading(request: dict, pipe: int, token: str, scratch: Path, output: Path, limits: Limits, home: Path):
    """The grading process: isolate, grade, report on the pipe, in the request's language (a spare
    forked before the request came speaks it from here on); never returns."""
    words.use(language(request))
    code = 0
    me = os.getpid()
    dumps = json.dumps                      # the grader's own, whatever the learner's code replaces
    try:
        channel = os.dup2(pipe, 200 + secrets.randbelow(300), inheritable=False)   # away from the learner's fds
        os.close(pipe)
        os.closerange(3, channel)                  # the server's listener and other clients: not ours
        os.closerange(channel + 1, 4096)
        events = os.fdopen(channel, "w", buffering=1)

        def emit(obj) -> None:
            if os.getpid() != me:
                os._exit(0)                        # a copy of this process made by the learner's fork: never reports
            events.write(f"{token} {dumps(obj)}\n")
        n, steps = 0, []
        try:
            from hypothesis.database import DirectoryBasedExampleDatabase

            from grader.engine import apart, guards, loader
            from grader.engine.pipeline import grade
            loader.declaration(request["drill"])
            loader.reference(request["drill"])
            database = DirectoryBasedExampleDatabase(str(home / "examples")) if request.get("replay", True) else None
            def tell(sig: int) -> None:                 # also from the learner's process, before its signal
                events.write(f"{token} {dumps({'signal': sig})}\n")

            def mirror(status: int, signals: list) -> None:
                """The learner's process ended: this one ends the same way, so the grader says how."""
                for sig in signals:
                    tell(sig)
                events.flush()
                processes.flush_output()
                processes.SIGNAL_NOTE.clear()             # this signal is the grader's own, not the learner's
                if os.WIFSTOPPED(status):
                    os.kill(me, os.WSTOPSIG(status))
                    os._exit(GRADER_FAILED)             # only if stopping was undone from outside
                if os.WIFSIGNALED(status):
                    sig = os.WTERMSIG(status)
                    if sig not in (signal.SIGKILL, signal.SIGSTOP):
                        signal.signal(sig, signal.SIG_DFL)
                    os.kill(me, sig)
                    os._exit(GRADER_FAILED)
                if os.WEXITSTATUS(status) == CHANNEL_CLOSED:
                    (scratch / CLOSED_MARK).touch()
                os._exit(os.WEXITSTATUS(status))
            apart.MIRROR = mirror
            guards.WALL_FACTOR = limits.wall_factor
            sandbox.isolate(scratch, output, limits, request["file"], on_signal=tell)
            sandbox.hide_reference()
            for event in grade(request["drill"], request["file"], seed=request["seed"], device=request["device"],
                               speed_check=request["speed"], call_limit=limits.call_seconds,
                               max_examples=request.get("max_examples"), database=database,
                               check_budget=limits.check_seconds):
                if isinstance(event, tuple):
                    kind, step = event
                    if kind == "begin":
                        steps.append(step)
                    elif step in steps:
                        steps.remove(step)
                    emit({kind: step})
                else:
                    n += 1
                    emit({"check": asdict(event)})
        except OSError as e:
            if e.errno in (errno.EBADF, errno.EPIPE):      # the channel itself: nothing more can be said
                raise
            n += escaped(e, request["file"], steps, emit)
        except BaseException as e:
            n += escaped(e, request["file"], steps, emit)
        emit({"done": n})
        events.flush()
    except OSError:
        code = CHANNEL_CLOSED
        try:
            (scratch / CLOSED_MARK).touch()
        except OSError:
            pass
    except BaseException:
        code = GRADER_FAILED
    finally:
        if os.getpid() == me:
            processes.flush_output()
            processes.kill_tree(me)
        os._exit(code)


def escaped(e: BaseException, learner_file: str, steps: list[str], emit) -> int:
    """Report what escaped the pipeline: the learner's own BaseException (a failure of the step it
    stopped), or the grader's fault (an error); the steps it cut short are closed. Returns 1, the
    check it adds."""
    import traceback

    from grader.engine.result import ERROR, FAIL, Check
    traceback.print_exc()
    mine = str(Path(learner_file).resolve())
    theirs = any(f.filename == mine for f in traceback.extract_tb(e.__traceback__))
    step = steps[-1] if steps else "grader"
    if theirs:
        check = Check(step, FAIL, words.say("runtime.server.not_an_exception", kind=type(e).__name__, error=e))
    else:
        check = Check(step, ERROR, words.say("runtime.server.internal_error", kind=type(e).__name__, error=e))
    emit({"check": asdict(check)})
    for step in reversed(steps):
        emit({"end": step})
    steps.clear()
    return 1


class Server:
    def __init__(self, path: str, home: Path):
        self.path, self.home = path, home
        self.selector = selectors.DefaultSelector()
        self.gradings: dict[int, Grading] = {}
        self.idle_since = time.monotonic()
        self.stamp = os.environ.get("DRILL_STAMP", "")
        self.warming = warm_up()
        self.bound: tuple[int, int] | None = None     # the socket file this server made (device, inode)
        self.listener: socket.socket | None = None
        self.draining = False
        self.spare: Worker | None = None              # the worker forked ahead for the next check
        self.spares = True                             # False once a spare died unused: none are made again
        self.last_drill = WARM_DRILL                   # what the spare warms up on

    def serve(self) -> None:
        processes.prctl(processes.PR_SET_CHILD_SUBREAPER, 1)       # what a grading leaves behind comes back here
        sandbox.Cgroup.sweep()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        tmp = f"{self.path}.{os.getpid()}"
        try:
            os.unlink(tmp)
        except OSError:
            pass
        listener.bind(tmp)
        listener.listen(64)
        os.replace(tmp, self.path)                         # the socket appears only once it listens
        st = os.stat(self.path)
        self.bound, self.listener = (st.st_dev, st.st_ino), listener
        self.selector.register(listener, selectors.EVENT_READ, ("accept", None))
        signal.signal(signal.SIGTERM, lambda *_: self.quit())
        try:
            while True:
                warm_now = self.warming and not self.gradings and time.monotonic() - self.idle_since > WARM_AFTER
                ready = self.selector.select(timeout=0 if warm_now else 0.05 if self.warming else 0.2)
                if not ready and warm_now:
                    step = next(self.warming, None)
                    if step is None:
                        self.warming = None
                    else:
                        step()
                for key, _ in ready:
                    kind, grading = key.data
                    try:
                        if kind == "accept":
                            self.accept(listener)
                        elif kind == "request":
                            self.request(key.fileobj)
                        elif kind == "pipe":
                            self.read_pipe(grading)
                        elif kind == "client":
                            self.client_gone(grading)
                        elif kind == "spare":
                            self.spare_ready()
                    except Exception:
                        import traceback
                        traceback.print_exc()      # to grader.log; one bad request does not end the server
                self.collect()
                self.keep_spare()
                if self.listener is not None and not self.owns_path():
                    self.draining = True                   # a newer server took the socket over
                    self.release_path()
                if self.gradings:
                    self.idle_since = time.monotonic()
                elif self.draining or time.monotonic() - self.idle_since > IDLE_SECONDS:
                    break
        finally:
            self.quit()

    def owns_path(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self.bound

    def release_path(self) -> None:
        """Stop taking requests; the socket file goes only if it is still this server's (a newer
        server may have taken the path over)."""
        if self.listener is not None:
            try:
                self.selector.unregister(self.listener)
            except (KeyError, ValueError):
                pass
            self.listener.close()
            self.listener = None
        if self.owns_path():
            try:
                os.unlink(self.path)
            except OSError:
                pass

    def quit(self):
        self.release_path()
        self.drop_spare()
        for g in list(self.gradings.values()):
            g.stop(g.say("server_stopped"), fault=True)
        for g in list(self.gradings.values()):
            self.wait(g)
        os._exit(0)

    def wait(self, g: Grading) -> None:
        """Reap a grading process that was just killed and finish it."""
        for _ in range(200):
            status = processes.REAPED.pop(g.pid, None)
            if status is None:
                try:
                    pid, status = os.waitpid(g.pid, os.WNOHANG)
                except ChildProcessError:
                    pid, status = g.pid, 0
                if pid == 0:
                    time.sleep(0.01)
                    continue
            self.end(g, status)
            return

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
            from grader.engine import devices
            try:
                ready = self.spare.pid if self.spare is not None and self.spare.ready else None
                warm = self.warming is None and (ready is not None or not self.spares)
                conn.sendall((json.dumps({"stamp": self.stamp, "pid": os.getpid(), "warm": warm, "spare": ready,
                                          "devices": devices.available()}) + "\n").encode())
            except OSError:
                pass
            conn.close()
            return
        if request.get("quit"):
            conn.close()
            self.draining = True            # no new gradings; those under way finish, then the server ends
            self.release_path()
            return
        if self.spare is not None and not self.spare.ready:
            self.spare_ready()                 # its line may not have been read yet
        spare = self.spare if self.spare is not None and self.spare.ready else None
        if spare is None:
            self.drop_spare()                  # still warming up: a worker forked now is quicker
        self.spare = None
        self.remember(request.get("drill"))
        if request.get("seed") is None:             # any seed: the one the spare warmed up with
            request["seed"] = spare.seed if spare is not None else new_seed()
        try:
            grading = Grading(conn, request, self.home, spare)
        except OSError as e:
            try:
                why = words.say("runtime.server.no_grading_process", lang=language(request), error=e.strerror or e)
                conn.sendall((json.dumps({"stopped": why, "step": "start", "grader": True}) + "\n").encode())
            except OSError:
                pass
            conn.close()
            return
        self.gradings[grading.pid] = grading
        self.selector.register(grading.pipe, selectors.EVENT_READ, ("pipe", grading))
        self.selector.register(conn, selectors.EVENT_READ, ("client", grading))

    def read_pipe(self, grading):
        try:
            chunk = os.read(grading.pipe, 65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if chunk:
            grading.feed(chunk)
        else:
            try:
                self.selector.unregister(grading.pipe)
            except (KeyError, ValueError):
                pass

    def client_gone(self, grading):
        try:
            if grading.conn.recv(1, socket.MSG_PEEK):
                grading.conn.recv(65536)                   # clients say nothing more; ignore it
                return
        except OSError:
            pass
        self.selector.unregister(grading.conn)
        grading.stop(grading.say("client_gone"))

    def collect(self):
        """Finish gradings whose process ended; stop overdue and stopped ones; kill orphans handed to us."""
        now = time.monotonic()
        for g in list(self.gradings.values()):
            why = g.overdue(now)
            if why and not g.killed_by_us:
                g.stop(why)
        processes.reap()                                     # statuses land in processes.REAPED (kill_tree's too)
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG | os.WUNTRACED)
            except ChildProcessError:
                break
            if pid == 0:
                break
            if os.WIFSTOPPED(status):
                g = self.gradings.get(pid)
                if g is not None:
                    self.drain(g)                          # the learner's own signal, if it sent one, is in there
                    g.stopped()
                else:
                    processes.kill_tree(pid, include_self=True)
                continue
            processes.REAPED[pid] = status
        for pid in list(processes.REAPED):
            status = processes.REAPED.pop(pid)
            g = self.gradings.get(pid)
            if self.spare is not None and pid == self.spare.pid:
                self.drop_spare(kill=False)                # it died while it waited: none are made again
                self.spares = False
            elif g is None:
                processes.kill_tree(pid)                    # an orphan of some grading: what it started goes too
            else:
                self.end(g, status)
        if self.gradings:                                  # orphans come only from gradings (finish() kills the
            self.kill_orphans()                            # last ones before its verdict)

    @staticmethod
    def drain(g: Grading) -> None:
        """Read what is in a grading's pipe now; never blocks (a process the learner started that
        kept the pipe open cannot hang the server)."""
        while True:
            try:
                chunk = os.read(g.pipe, 65536)
            except OSError:
                return
            if not chunk:
                return
            g.feed(chunk)

    def end(self, g: Grading, status: int) -> None:
        self.gradings.pop(g.pid, None)
        self.drain(g)
        for fileobj in (g.pipe, g.conn):
            try:
                self.selector.unregister(fileobj)
            except (KeyError, ValueError):
                pass
        g.finish(status, self.kill_orphans)

    def keep_spare(self) -> None:
        """Fork the spare once the server is warm and has been idle a moment (a check that comes
        meanwhile goes first)."""
        if (self.spare is None and self.spares and self.warming is None and not self.gradings
                and not self.draining and time.monotonic() - self.idle_since > WARM_AFTER):
            try:
                self.spare = Worker(self.home, warm=self.last_drill)
                self.selector.register(self.spare.events, selectors.EVENT_READ, ("spare", None))
            except OSError:
                self.drop_spare()
                self.spares = False

    def remember(self, drill) -> None:
        """The drill the next spare warms up on: this one, unless it is distributed (its ranks are
        forked processes, not warmed up in a spare) or unknown."""
        from grader.engine import loader
        from grader.learner import registry
        if isinstance(drill, str) and drill in registry.drills():
            try:
                if not any(e.ranks for e in loader.declaration(drill).entries):
                    self.last_drill = drill
            except Exception:
                pass          # a broken declaration is reported when it is graded

    def spare_ready(self) -> None:
        """The spare said it is ready (or ended: then it is reaped as such)."""
        try:
            self.selector.unregister(self.spare.events)
        except (KeyError, ValueError, AttributeError):
            return
        try:
            self.spare.ready = os.read(self.spare.events, 1) == b"\n"
        except OSError:
            pass

    def drop_spare(self, kill: bool = True) -> None:
        if self.spare is None:
            return
        try:
            self.selector.unregister(self.spare.events)
        except (KeyError, ValueError):
            pass
        if kill:
            self.spare.kill()
        else:
            self.spare.close()
        self.spare = None

    def kill_orphans(self) -> None:
        """Every child of the server that is not a grading process was left by one: killed."""
        if os.path.isdir("/proc"):
            mine = set(self.gradings) | ({self.spare.pid} if self.spare is not None else set())
            for child in processes.children_of().get(os.getpid(), []):
                if child not in mine:
                    processes.kill_tree(child, include_self=True)


def main() -> None:
    path, home = sys.argv[1], Path(sys.argv[2])
    sandbox.lighten_torch()
    import torch
    torch.set_num_threads(1)
    from grader.engine import pipeline  # noqa: F401   what every grading needs, before the first one comes
    Server(path, home).serve()


if __name__ == "__main__":
    main()
