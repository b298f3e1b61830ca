"""Running code on every rank of a real torch.distributed process group, for the distributed drills.

run(world_size, fn, *args) calls fn(*args) on each rank of a gloo process group and returns what each
rank returned, in rank order. The ranks are processes forked from the grading process, so they
inherit the learner's loaded file, the reference and the declaration; they are forked once per world
size and grading (a pool), join one process group, and serve the jobs of that grading until close().
The process group uses the loopback address only: the ranks meet through a file (a FileStore, no
listening socket) and gloo's connections are bound to the loopback interface.

Every rank logs each collective (and send/recv) it enters and leaves, whatever name the code reached
it by, and streams the log as it goes. So when the ranks hang, the verdict says which rank waits in
which collective: at once when the wait can never end (the rank it waits for has returned, raised or
exited after fewer collective calls, or waits for ever itself; a call that raised exchanged nothing),
otherwise at the harness's deadline, which stays inside the
call's time limit. The deadline counts what the ranks did, not wall time alone, so a busy machine
does not turn a slow, correct run into a hang: a rank that used the job's budget of CPU time is
stopped, ranks that are all still (none running, ready to run or reporting) for as many seconds hang
(for DEADLOCK_SECONDS when every rank waits inside a call: they can only be waiting on each other),
and a wall-clock backstop guards.WALL_FACTOR times larger ends the rest. A rank that raises, exits
or crashes is reported as such. After a hang, an exit, or an error that left the ranks out of step,
the pool is killed with everything it started (processes.kill_tree) and the next job forks a new one.
close() kills every pool: the pipeline calls it when a grading ends.

Functions, classes and modules travel to the ranks by identity, not by name: both sides hold the same
table of every function, class and module alive when the pool was forked (made just before the
fork), so the learner's file, the reference (hidden from imports while grading) and the mistakes'
closures all reach the ranks. An object born after the table was made forks a new pool with a new
table.

Inside a rank, mark(label) puts a line in the rank's log (a driver marks "forward returned"), and
last() in the grading process gives the last job's results and logs, for invariants that count
collectives (one all-reduce per forward, buckets in order)."""
from __future__ import annotations

import functools
import gc
import inspect
import io
import os
import pickle
import shutil
import signal
import socket
import sys
import tempfile
import time
import traceback
import types
import warnings
from dataclasses import dataclass, field
from datetime import timedelta
from multiprocessing.connection import Connection, wait

import torch
import torch.distributed as dist
# the first backward imports this (and sympy: seconds); imported once here, every rank forked later has it
import torch.fx.experimental.symbolic_shapes  # noqa: F401

from grader import words
from grader.engine import guards, processes
from grader.engine.guards import BannedCalls, LearnerExit, Said

HANG_SECONDS = 10.0       # the deadline of a job when no call limit is running (the reference, a mistake)
START_SECONDS = 60.0      # the ranks joining their process group
GLOO_SECONDS = 600        # gloo's own timeout: never before the harness's deadline
CALL_SHARE = 0.8          # the share of the learner's call limit a job may take; the rest reports it
DEADLOCK_SECONDS = 2.0    # every rank inside a call and none moving: they wait on each other for ever
POLL_SECONDS = 0.1        # how often the ranks' use of the CPU is read while a job runs
BUSY = 0.5                # the ranks move while, together, they run or wait for a CPU this share of the time

# Collective calls by the name torch.distributed gives them; send/recv are point to point (peer
# argument). Composite calls (all_gather_object) are logged once, not with the calls they make.
COLLECTIVES = ("all_reduce", "all_gather", "all_gather_into_tensor", "all_gather_single", "_all_gather_base",
               "reduce_scatter", "reduce_scatter_tensor", "reduce_scatter_single", "_reduce_scatter_base",
               "broadcast", "reduce", "all_to_all", "all_to_all_single", "scatter", "gather", "barrier",
               "monitored_barrier", "all_gather_object", "broadcast_object_list", "gather_object",
               "scatter_object_list", "all_reduce_coalesced", "all_gather_coalesced")
POINT_TO_POINT = {"send": "dst", "recv": "src", "isend": "dst", "irecv": "src"}
PEER_ERRORS = ("Connection reset by peer", "Connection closed by peer", "Broken pipe")


class Hang(Said):
    """The ranks hang: a rank waits in a collective that the others will never make."""


class RankEnded(Said):
    """A rank's process ended in the middle of a job (os._exit, a crash, a signal)."""


# ---- what the grading process keeps ------------------------------------------------------------

@dataclass
class Ran:
    """The last job: what each rank returned, and each rank's log, in rank order. A log is a list of
    Call (a collective entered, in order) and Mark (a line the job's code wrote with mark())."""
    results: list
    logs: list


@dataclass
class Call:
    op: str                  # "all_reduce", "reduce_scatter_tensor", "send", ...
    n: int                   # the rank's n-th call of this op (1-based)
    numel: int               # elements of the call's first tensor (0: none)
    shape: tuple
    async_op: bool
    peer: int | None = None  # the other rank of a send or recv


@dataclass
class Mark:
    label: str


_pools: dict[int, "Pool"] = {}
_table: dict | None = None
_last: Ran | None = None


def last() -> Ran:
    if _last is None:
        raise RuntimeError("no distributed job has run")
    return _last


def run(world_size: int, fn, *args, timeout: float | None = None) -> list:
    """fn(*args) on every rank of a process group of world_size ranks; what each returned, in rank
    order. Raises what a rank raised (with its rank), Hang, RankEnded, or LearnerExit. Inside the
    learner's call (guards.learner_code) the job runs under the learner's banned-call guard on each
    rank, and its deadline stays inside the call's time limit."""
    global _last
    guard = _active_guard()
    deadline = _deadline() if timeout is None else (timeout, guards.WALL_FACTOR * timeout)
    for attempt in range(2):
        pool = _pools.get(world_size)
        if pool is None:
            pool = _pools[world_size] = Pool(world_size, _objects(fresh=attempt > 0))
        try:
            job = pool.dumps((fn, args, guard if guard is not None else None, bool(guards.RUNNING)))
        except (pickle.PicklingError, TypeError, AttributeError, KeyError):
            if attempt:
                raise
            close()                      # something born after the fork: a new table, a new pool
            continue
        results, logs = pool.run(job, deadline, guard)
        _last = Ran(results, logs)
        return results
    raise AssertionError("unreachable")


def on_ranks(world_size: int, run_one, impl, case, ns):
    """An entry's run on every rank (spec.Entry.ranks): a Trace with one step per rank."""
    from grader.engine.spec import Trace
    results = run(world_size, run_one, impl, case, ns)
    return Trace((f"rank {r} of {world_size}", out) for r, out in enumerate(results))


def calls(op: str | None = None) -> list:
    """In a rank: the collective calls it made so far in this job (of op only, when given)."""
    if _rank is None:
        return []
    return [c for c in _rank.log if isinstance(c, Call) and (op is None or c.op == op)]


def close() -> None:
    """Kill every rank process of every pool (and whatever they started)."""
    global _table
    for pool in list(_pools.values()):
        pool.kill()
    _pools.clear()
    _table = None


def checkpoint(label: str) -> None:
    """In a rank: wait here until every rank of the group reaches its checkpoint (through the grading
    process, not a collective), so that a rank that made fewer collective calls before it is told
    apart from a mismatch ("rank 1 reached the end of step 1 after 1 all_reduce call"). Elsewhere:
    nothing."""
    if _rank is None:
        return
    _rank.send(("sync", label))
    try:
        _rank.conn.recv_bytes()
    except (EOFError, OSError):
        os._exit(0)                      # the pool is being killed


def mark(label: str) -> None:
    """In a rank: a line in the rank's log, between the collectives around it. Elsewhere: nothing."""
    if _rank is not None:
        _rank.log.append(Mark(label))


def _deadline() -> tuple[float, float]:
    """(the job's budget: CPU seconds a rank may use, and seconds the ranks may all be still; its
    backstop in wall seconds): HANG_SECONDS, or inside the learner's call a share of what is left of
    the call's limits (its CPU timer and its wall timer)."""
    cpu_left, wall_left = signal.getitimer(signal.ITIMER_PROF)[0], signal.getitimer(signal.ITIMER_REAL)[0]
    budget = min(HANG_SECONDS, cpu_left * CALL_SHARE) if cpu_left > 0 else HANG_SECONDS
    backstop = guards.WALL_FACTOR * budget
    return budget, min(backstop, wall_left * CALL_SHARE) if wall_left > 0 else backstop


def _active_guard() -> BannedCalls | None:
    """The banned-call guard watching the learner's code now, if any (it is a torch function mode)."""
    for mode in torch.overrides._get_current_function_mode_stack():
        if isinstance(mode, BannedCalls) and mode.active:
            return mode
    return None


def _objects(fresh: bool = False) -> dict:
    """{id: object} for every function, class, module and guard alive now, shared with the ranks by
    the fork. Held until close(), so no id is reused by a newer object meanwhile."""
    global _table
    if _table is None or fresh:
        kinds = (types.FunctionType, types.ModuleType, type, BannedCalls)
        frozen = gc.get_freeze_count()
        if frozen:
            gc.unfreeze()           # what the warm grader froze (every drill's classes) is not listed while frozen
        with warnings.catch_warnings():          # isinstance on torch's deprecated aliases warns
            warnings.simplefilter("ignore")
            _table = {id(o): o for o in gc.get_objects() if isinstance(o, kinds)}
        if frozen:
            gc.freeze()
        for name, module in list(sys.modules.items()):
            if module is not None:
                _table[id(module)] = module
    return _table


# ---- pickling by identity -------------------------------------------------------------------------

class _Pickler(pickle.Pickler):
    def __init__(self, file, table):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.table = table

    def persistent_id(self, obj):
        if isinstance(obj, (types.FunctionType, types.ModuleType, type, BannedCalls)):
            if self.table.get(id(obj)) is obj:
                return id(obj)
            if isinstance(obj, (types.ModuleType, BannedCalls)):
                raise pickle.PicklingError(f"{obj!r} was born after the ranks were forked")
        return None

    def reducer_override(self, obj):
        if isinstance(obj, types.SimpleNamespace) and type(obj) is not types.SimpleNamespace:
            return types.SimpleNamespace, (), dict(vars(obj))      # a namespace (a mistake's overlay)
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, table):
        super().__init__(file)
        self.table = table

    def persistent_load(self, pid):
        return self.table[pid]


def _dumps(obj, table) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, table).dump(obj)
    return buffer.getvalue()


def _loads(data: bytes, table):
    return _Unpickler(io.BytesIO(data), table).load()


# ---- the pool, from the grading process ------------------------------------------------------------

@dataclass
class _RankState:
    """What the grading process knows of one rank while a job runs, from the rank's stream."""
    rank: int
    counts: dict = field(default_factory=dict)    # op -> calls entered
    pairs: dict = field(default_factory=dict)     # ("send" or "recv", peer) -> point-to-point calls entered
    seq: int = 0                                  # collectives entered on the whole group
    inside: tuple | None = None                   # (op, n, seq, peer, shape, waiting on an async call)
    end: str = ""                                 # "done", "raised", "exit" or "ended"
    at: str = ""                                  # the point it waits at for the other ranks (checkpoint())
    payload: object = None
    log: list = field(default_factory=list)
    status: int | None = None


class Pool:
    """world_size rank processes in one gloo process group, serving jobs."""

    def __init__(self, world_size: int, table: dict):
        self.world_size, self.table = world_size, table
        self.folder = tempfile.mkdtemp(prefix="drill-ranks-")
        store = os.path.join(self.folder, "store")
        pairs = [socket.socketpair() for _ in range(world_size)]
        self.pids: list[int] = []
        parent = os.getpid()
        try:
            for rank in range(world_size):
                pid = os.fork()
                if pid == 0:
                    code = 70
                    try:
                        for i, (ours, theirs) in enumerate(pairs):
                            ours.close()
                            if i != rank:
                                theirs.close()
                        code = _rank_main(rank, world_size, store, pairs[rank][1], table, parent)
                    finally:
                        os._exit(code)
                self.pids.append(pid)
        finally:
            for _, theirs in pairs:
                theirs.close()
        self.conns = [Connection(ours.detach()) for ours, _ in pairs]
        self._wait_ready()

    def dumps(self, obj) -> bytes:
        return _dumps(obj, self.table)

    def _wait_ready(self) -> None:
        waiting, deadline = set(range(self.world_size)), time.monotonic() + START_SECONDS
        while waiting:
            left = deadline - time.monotonic()
            ready = wait([self.conns[r] for r in waiting], timeout=max(0.0, left))
            if not ready:
                self.kill()
                raise RuntimeError(words.say("runtime.distributed.no_group", ranks=self.world_size,
                                             seconds=f"{START_SECONDS:g}"))
            for conn in ready:
                rank = self.conns.index(conn)
                try:
                    message = _loads(conn.recv_bytes(), self.table)
                except (EOFError, OSError):
                    message = ("failed", words.say("runtime.distributed.rank_process_ended"))
                if message[0] != "ready":
                    self.kill()
                    raise RuntimeError(words.say("runtime.distributed.no_rank", rank=rank, why=message[1]))
                waiting.discard(rank)

    def run(self, job: bytes, deadline: tuple[float, float], guard) -> tuple[list, list]:
        states = [_RankState(r) for r in range(self.world_size)]
        clock = _Clock(self.pids)
        try:
            for conn in self.conns:
                conn.send_bytes(job)
            stopped = self._follow(states, clock, *deadline)
        except BaseException:
            self.kill()            # the learner's time limit, or the grader's own fault: nothing survives
            _forget(self)
            raise
        finally:
            clock.read(time.monotonic(), force=True)
            guards.ELSEWHERE[0] += sum(clock.cpu)      # the ranks' work is the call's (the check's budget)
        return self._outcome(states, stopped, guard)

    def _follow(self, states: list[_RankState], clock: "_Clock", budget: float, backstop: float) -> str:
        """Read the ranks' streams until every rank returned, raised, ended, or waits for ever (then
        ""), or the job's deadline passes (then what ended it, for the verdict)."""
        start = time.monotonic()
        while True:
            waiting = [s for s in states if s.at]
            if waiting and len(waiting) == len(states):         # every rank reached the point: on they go
                for s in states:
                    s.at = ""
                    self.conns[s.rank].send_bytes(_dumps(("go",), self.table))
            if _settled(states):
                return ""
            now = time.monotonic()
            clock.read(now)
            if max(clock.cpu) > budget:
                busiest = max(range(len(states)), key=lambda r: clock.cpu[r])
                return words.say("runtime.distributed.still_busy", rank=busiest, seconds=f"{budget:.3g}")
            if now - clock.moved > budget:
                return words.say("runtime.distributed.still", seconds=f"{budget:.3g}")
            if now - clock.moved > DEADLOCK_SECONDS and all(s.end or s.at or s.inside for s in states):
                # every rank waits in a call (or is through) and nothing moves: they wait on each other
                return words.say("runtime.distributed.still", seconds=f"{DEADLOCK_SECONDS:g}")
            if now - start - clock.queued() > backstop:
                return words.say("runtime.distributed.still_wall", seconds=f"{backstop:.3g}")
            live = [self.conns[s.rank] for s in states if not s.end]
            for conn in wait(live, timeout=POLL_SECONDS):
                clock.moved = time.monotonic()
                state = states[self.conns.index(conn)]
                try:
                    message = _loads(conn.recv_bytes(), self.table)
                except (EOFError, OSError):
                    state.end, state.status = "ended", self._status(state.rank)
                    continue
                _apply(state, message)

    def _status(self, rank: int) -> int | None:
        """The exit status of a rank whose channel closed (it is ending: wait for it briefly)."""
        pid = self.pids[rank]
        for _ in range(100):
            try:
                done, status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                return None
            if done:
                self.pids[rank] = -1
                return status
            time.sleep(0.01)
        return None

    def _outcome(self, states: list[_RankState], stopped: str, guard):
        if guard is not None:                 # what the learner's code did on the ranks, seen by their guards
            for s in states:
                if s.end in ("done", "raised") and s.payload is not None:
                    for name, where in s.payload[1]:
                        if name not in guard.seen:
                            guard.seen.append(name)
                            guard.where[name] = where
                    for what in s.payload[2]:
                        if what not in guards.REFERENCE_USE:
                            guards.REFERENCE_USE.append(what)
        broken = any(s.end not in ("done", "raised") for s in states) or len({s.seq for s in states}) > 1
        if broken:
            self.kill()
            _forget(self)
        ended = [s for s in states if s.end == "ended"]
        if ended:
            raise RankEnded(_ended_message(ended[0], states))
        exits = [s for s in states if s.end == "exit"]
        if exits:
            kind, what = exits[0].payload
            raise LearnerExit(words.say("runtime.distributed.exit_on_rank" if kind == "raised" else
                                        "runtime.distributed.said_on_rank", what=what, rank=exits[0].rank))
        raised = [s for s in states if s.end == "raised"]
        if raised:
            own = [s for s in raised if not any(p in s.payload[0][1] for p in PEER_ERRORS)]
            raise _exception((own or raised)[0])
        if broken:
            raise Hang(_hang_message(states, stopped))
        return [s.payload[0] for s in states], [s.log for s in states]

    def kill(self) -> None:
        for conn in getattr(self, "conns", []):
            conn.close()
        for pid in self.pids:
            if pid > 0:
                processes.kill_tree(pid, include_self=True)
                try:
                    os.waitpid(pid, 0)
                except ChildProcessError:
                    pass
        self.pids = []
        shutil.rmtree(self.folder, ignore_errors=True)


class _Clock:
    """What the ranks of a job did, from the kernel's count for each of their threads
    (/proc/<pid>/task/<tid>/schedstat: time running, time waiting for a CPU): the CPU seconds each
    rank used, the seconds each waited for a CPU, and when the ranks last moved (ran or waited for a
    CPU at least BUSY of the time since the reading before, or reported). A rank waiting in a
    collective sleeps: it neither runs nor waits for a CPU, however busy the machine."""

    def __init__(self, pids: list[int]):
        self.pids = list(pids)
        self.moved = self.at = time.monotonic()
        self.start = self.last = [_usage(p) for p in self.pids]
        self.cpu = [0.0] * len(self.pids)
        self.delay = [0.0] * len(self.pids)

    def queued(self) -> float:
        """Seconds a rank waited for a CPU since the job began, on average: wall time that a busy
        machine took, which the wall-clock backstop does not count."""
        return sum(self.delay) / max(1, len(self.delay))

    def read(self, now: float, force: bool = False) -> None:
        if now - self.at < POLL_SECONDS and not force:
            return
        usage = [(max(u[0], v[0]), max(u[1], v[1]))             # a thread that ended: its count kept
                 for u, v in zip(map(_usage, self.pids), self.last)]
        self.cpu = [u[0] - s[0] for u, s in zip(usage, self.start)]
        self.delay = [u[1] - s[1] for u, s in zip(usage, self.start)]
        if sum(u[0] + u[1] - v[0] - v[1] for u, v in zip(usage, self.last)) >= BUSY * (now - self.at):
            self.moved = now
        self.last, self.at = usage, now


def _usage(pid: int) -> tuple[float, float]:
    """(seconds running, seconds waiting for a CPU) of every thread of a process so far; (0, 0) where
    the kernel does not say (then only the ranks' reports show that they move)."""
    run = delay = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0, 0.0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                fields = f.read().split()
            run, delay = run + int(fields[0]), delay + int(fields[1])
        except (OSError, ValueError, IndexError):
            pass
    return run / 1e9, delay / 1e9


def _forget(pool: Pool) -> None:
    for size, p in list(_pools.items()):
        if p is pool:
            del _pools[size]


def _apply(state: _RankState, message: tuple) -> None:
    kind = message[0]
    if kind == "enter":
        _, op, n, seq, peer, shape, async_op = message
        state.counts[op] = n
        if peer is not None:
            key = (op.removeprefix("i"), peer)
            state.pairs[key] = state.pairs.get(key, 0) + 1
        state.seq = max(state.seq, seq or 0)
        # an async launch returns at once: the rank is still running until it waits on the handle
        state.inside = None if async_op else (op, n, seq, peer, shape, False)
    elif kind == "wait":
        _, op, n, seq, peer, shape = message
        state.inside = (op, n, seq, peer, shape, True)
    elif kind == "left":
        state.inside = None
    elif kind == "undone":                   # the call raised before it exchanged anything
        _, op, seq, peer = message
        if peer is not None:
            key = (op.removeprefix("i"), peer)
            state.pairs[key] = state.pairs.get(key, 1) - 1
        if seq is not None:
            state.seq = seq - 1
        state.inside = None
    elif kind == "sync":
        state.at, state.inside = message[1], None
    elif kind == "done":
        state.end, state.payload, state.log, state.inside = "done", message[1:4], message[4], None
    elif kind == "raised":
        state.end, state.payload, state.log, state.inside = "raised", message[1:4], message[4], None
    elif kind == "exit":
        state.end, state.payload, state.inside = "exit", message[1], None


def _settled(states: list[_RankState]) -> bool:
    """Every rank has returned, raised or ended, or waits in a call that can never complete: a
    collective that a finished rank made fewer of, or a send/recv with a finished peer that never
    made the matching call; and so on, a rank that waits for ever counting as finished (rank 0 waits
    on rank 1, which waits on rank 2, which raised)."""
    doomed = {s.rank for s in states if s.end or s.at}    # a rank at a checkpoint makes no more calls
    if not doomed:
        return False
    grew = True
    while grew and len(doomed) < len(states):
        grew = False
        for s in states:
            if s.rank in doomed or s.inside is None:
                continue
            op, n, seq, peer, shape, _ = s.inside
            stuck = seq is not None and any(states[r].seq < seq for r in doomed)
            if not stuck and peer is not None and 0 <= peer < len(states) and peer in doomed:
                stuck = not _matched(s, states[peer], op)
            if stuck:
                doomed.add(s.rank)
                grew = True
    return len(doomed) == len(states)


def _matched(s: _RankState, peer: _RankState, op: str) -> bool:
    """The peer, finished, made the matching call of s's send or recv it waits in: its k-th send to s
    for s's k-th recv from it (or the other way), so the call completes as the data arrives."""
    mine, theirs = op.removeprefix("i"), {"send": "recv", "recv": "send"}[op.removeprefix("i")]
    return peer.pairs.get((theirs, s.rank), 0) >= s.pairs.get((mine, peer.rank), 0)


def _say(key: str, **slots) -> str:
    return words.say(f"runtime.distributed.{key}", **slots)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _say(f"nth_{suffix}", n=n)


def _and(items) -> str:
    return _say("and").join(items)


def _calls(counts: dict) -> str:
    if not counts:
        return _say("no_calls")
    return _and(_say("one_call" if n == 1 else "calls", n=n, op=op) for op, n in counts.items())


def _where(inside: tuple) -> str:
    op, n, seq, peer, shape, waiting = inside
    peer_text = _say("with_rank", rank=peer) if peer is not None else ""
    what = _say("of_tensor", shape=tuple(shape)) if shape is not None else ""
    return _say("waits_on" if waiting else "waits_in", op=op, what=what, peer=peer_text, nth=_ordinal(n))


def _hang_message(states: list[_RankState], stopped: str) -> str:
    waiting = [s for s in states if s.inside is not None and not s.end and not s.at]
    said = [_say("rank_does", rank=s.rank, does=_where(s.inside)) for s in waiting]
    others = []
    for s in states:
        if s in waiting:
            continue
        calls = _calls(s.counts)
        if s.at:
            others.append(_say("reached", rank=s.rank, at=s.at, calls=calls))
        elif s.end == "done":
            others.append(_say("returned", rank=s.rank, calls=calls))
        elif s.end:
            others.append(_say("stopped", rank=s.rank, calls=calls))
        else:
            others.append(_say("running", rank=s.rank, calls=calls))
    if not said and stopped:      # the deadline came while no rank waited in a call
        return _say("not_finished", others=_and(others), stopped=stopped)
    if not said:      # every rank returned, but they did not make the same collective calls
        counts = _say("list").join(_say("rank_does", rank=s.rank, does=_calls(s.counts)) for s in states)
        return _say("different_calls", counts=counts)
    text = _say("while", said=_and(said), others=_and(others)) if others else _and(said)
    rule = _say("rule_collectives")
    if any(s.inside[3] is not None for s in waiting):
        rule = _say("rule_send_recv")
    if all(s.end or s.at or s.inside is not None for s in states) and any(s.end or s.at for s in states):
        ending = _say("never", rule=rule)
    else:
        ending = _say("stopped_rule", stopped=stopped, rule=rule)
    return _say("hang", text=text, ending=ending)


def _ended_message(state: _RankState, states: list[_RankState]) -> str:
    status = state.status
    if status is not None and os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status)).name
        how = _say("killed_abort" if sig == "SIGABRT" else "killed", signal=sig)
    elif status is not None:
        how = _say("exited", code=os.WEXITSTATUS(status))
    else:
        how = _say("closed")
    last = state.inside
    where = _say("while_in", op=last[0], nth=_ordinal(last[1])) if last else _say("after", calls=_calls(state.counts))
    others = [_say("rank_does", rank=s.rank, does=_where(s.inside))
              for s in states if s is not state and s.inside is not None]
    ended = _say("ended", rank=state.rank, how=how, where=where)
    return _say("ended_others", ended=ended, others=_and(others)) if others else ended


def _exception(state: _RankState) -> BaseException:
    """What a rank raised, raised again here with its rank (and line) in its message."""
    (kind, text, where, exc) = state.payload[0]
    message = _say("on_rank", text=text, rank=state.rank, where=where)
    if exc is not None:
        try:
            again = type(exc)(message)
            if str(again) == message:
                return again
        except Exception:
            pass
    return _Raised(_say("raised", kind=kind, message=message))


class _Raised(Said):
    pass


# ---- a rank -------------------------------------------------------------------------------------

class _Rank:
    """The rank's side: its channel, its log, the calls it is inside."""

    def __init__(self, rank: int, conn: Connection, table: dict):
        self.rank, self.conn, self.table = rank, conn, table
        self.log: list = []
        self.counts: dict = {}
        self.seq = 0
        self.depth = 0

    def send(self, message) -> None:
        self.conn.send_bytes(_dumps(message, self.table))

    def reset(self) -> None:
        self.log, self.counts, self.seq, self.depth = [], {}, 0, 0


_rank: _Rank | None = None


def _loopback() -> str:
    """The name of the loopback interface (lo on Linux), for gloo's connections."""
    if os.path.isdir("/sys/class/net"):
        for name in sorted(os.listdir("/sys/class/net")):
            try:
                with open(f"/sys/class/net/{name}/flags") as f:
                    if int(f.read(), 16) & 0x8:          # IFF_LOOPBACK
                        return name
            except (OSError, ValueError):
                continue
    names = [n for _, n in socket.if_nameindex()]
    return "lo0" if "lo0" in names else "lo"


def _rank_main(rank: int, world_size: int, store: str, sock: socket.socket, table: dict, parent: int) -> int:
    global _rank
    processes.prctl(processes.PR_SET_PDEATHSIG, signal.SIGKILL)      # the grading process dies: so does the rank
    if os.getppid() != parent:
        return 1
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.setitimer(signal.ITIMER_PROF, 0)
    for guard in [g for g in table.values() if isinstance(g, BannedCalls)]:
        while guard.active:                       # forked inside the learner's call: leave its guard
            guard.__exit__(None, None, None)
    guards.RUNNING.clear()
    warnings.simplefilter("ignore")        # torch's renamed collectives, autograd through a bare collective
    _rank = _Rank(rank, Connection(sock.detach()), table)
    try:
        os.environ["GLOO_SOCKET_IFNAME"] = _loopback()
        # the sandbox's stand-in for torch._dynamo (the runtime's sandbox.lighten_torch) has no trace rules for
        # init_process_group to clear: out of sight while it runs
        dynamo = sys.modules.get("torch._dynamo")
        stand_in = dynamo is not None and not hasattr(dynamo, "trace_rules")
        if stand_in:
            del sys.modules["torch._dynamo"]
        try:
            dist.init_process_group("gloo", store=dist.FileStore(store, world_size), rank=rank,
                                    world_size=world_size, timeout=timedelta(seconds=GLOO_SECONDS))
        finally:
            if stand_in:
                sys.modules["torch._dynamo"] = dynamo
        _install()
    except Exception as e:
        _rank.send(("failed", f"{type(e).__name__}: {e}"))
        return 1
    _rank.send(("ready",))
    while True:
        try:
            job = _rank.conn.recv_bytes()
        except (EOFError, OSError):
            return 0
        _serve(job)


def _serve(job: bytes) -> None:
    rank = _rank
    rank.reset()
    fn, args, guard, learner = _loads(job, rank.table)
    used = len(guards.REFERENCE_USE)
    try:
        with _learner_context(guard if learner else None):
            out = fn(*args)
        seen = [(n, guard.where.get(n, "")) for n in guard.seen] if guard is not None and learner else []
        message = ("done", out, seen, guards.REFERENCE_USE[used:], rank.log)
        try:
            data = _dumps(message, rank.table)
        except Exception as e:
            raise TypeError(words.say("runtime.distributed.unsendable", error=e)) from None
        rank.conn.send_bytes(data)
    except (SystemExit, KeyboardInterrupt) as e:
        what = f"sys.exit({e.code!r})" if isinstance(e, SystemExit) else "KeyboardInterrupt"
        rank.send(("exit", ("raised", what)))
    except LearnerExit as e:
        rank.send(("exit", ("said", str(e))))
    except BaseException as e:
        seen = [(n, guard.where.get(n, "")) for n in guard.seen] if guard is not None and learner else []
        rank.send(("raised", _described(e, rank.table), seen, guards.REFERENCE_USE[used:], rank.log))


class _learner_context:
    """The learner's code on a rank: its guard on, torch's state kept, the reference audit on."""

    def __init__(self, guard):
        self.guard = guard

    def __enter__(self):
        if self.guard is None:
            return self
        guards.RUNNING.append(True)
        self.kept = guards.kept_torch_state()
        self.kept.__enter__()
        self.guard.__enter__()
        return self

    def __exit__(self, *exc):
        if self.guard is None:
            return False
        try:
            self.guard.__exit__(*exc)
            self.kept.__exit__(*exc)
        finally:
            guards.RUNNING.pop()
        return False


INTERNAL = (os.path.dirname(torch.__file__), os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
            os.path.dirname(os.__file__))


def _described(e: BaseException, table) -> tuple:
    """(type name, first line of the message, where in the code it was raised, the exception if it
    travels)."""
    lines = str(e).strip().splitlines()
    frames = [f for f in traceback.extract_tb(e.__traceback__)
              if not f.filename.startswith(INTERNAL) and not f.filename.startswith("<")]
    where = words.say("runtime.distributed.at_line", line=frames[-1].lineno, source=frames[-1].line) if frames else ""
    try:
        _dumps(e, table)
        exc = e
    except Exception:
        exc = None
    e.__traceback__ = None
    return type(e).__name__, lines[0] if lines else "", where, exc


# ---- logging every collective on a rank --------------------------------------------------------------

def _first_tensor(bound: dict):
    for value in bound.values():
        if isinstance(value, torch.Tensor):
            return value
        if isinstance(value, (list, tuple)) and value and isinstance(value[0], torch.Tensor):
            return value[0]
    return None


def _logged(op: str, original):
    try:
        signature = inspect.signature(original)
    except (TypeError, ValueError):
        signature = None
    peer_arg = POINT_TO_POINT.get(op)

    @functools.wraps(original)
    def call(*args, **kwargs):
        rank = _rank
        if rank is None or rank.depth:
            return original(*args, **kwargs)
        try:
            bound = signature.bind(*args, **kwargs).arguments if signature else {}
        except TypeError:
            bound = {}
        tensor = _first_tensor(bound)
        group = bound.get("group")
        peer = bound.get(peer_arg) if peer_arg else None
        whole = group is None or group is dist.group.WORLD
        n = rank.counts[op] = rank.counts.get(op, 0) + 1
        seq = None
        if peer_arg is None and whole:
            rank.seq += 1
            seq = rank.seq
        shape = tuple(tensor.shape) if tensor is not None else None
        async_op = bool(bound.get("async_op", False)) or op in ("isend", "irecv")
        peer = peer if isinstance(peer, int) else None
        rank.log.append(Call(op, n, tensor.numel() if tensor is not None else 0, shape or (), async_op, peer))
        rank.send(("enter", op, n, seq, peer, shape, async_op))
        rank.depth += 1
        made = False
        try:
            out = original(*args, **kwargs)
            made = True
        finally:
            rank.depth -= 1
            rank.send(("left",) if made else ("undone", op, seq, peer))   # raised: nothing was exchanged
        if out is not None and hasattr(out, "wait"):
            return _Work(out, ("wait", op, n, seq, peer, shape))
        return out
    call.__drill_logged__ = original
    return call


class _Work:
    """An async call's handle: its wait() is logged as waiting on that call."""

    def __init__(self, work, entered: tuple):
        self._work, self._entered = work, entered

    def wait(self, *args, **kwargs):
        rank = _rank
        if rank is None or rank.depth:
            return self._work.wait(*args, **kwargs)
        rank.send(self._entered)
        rank.depth += 1
        try:
            return self._work.wait(*args, **kwargs)
        finally:
            rank.depth -= 1
            rank.send(("left",))

    def __getattr__(self, name):
        return getattr(self._work, name)


_ORIGINALS: dict = {}
# libraries that never call a collective by a name of their own: their many modules are not searched
LIBRARIES = ("torch.", "sympy", "numpy", "mpmath", "hypothesis", "_pytest", "pytest", "pygments", "rich", "typer",
             "click", "networkx", "jinja2", "scipy", "sklearn", "transformers", "xdist", "execnet")


def _install() -> None:
    """Every collective of torch.distributed logged, however the code reaches it: the module's names,
    distributed_c10d's, and any module-level name bound to one (from torch.distributed import ...)."""
    from torch.distributed import distributed_c10d
    for op in COLLECTIVES + tuple(POINT_TO_POINT):
        original = getattr(distributed_c10d, op, None) or getattr(dist, op, None)
        if original is None:
            continue
        wrapped = _logged(op, original)
        _ORIGINALS[id(original)] = wrapped
        for module in (dist, distributed_c10d):
            if getattr(module, op, None) is original:
                setattr(module, op, wrapped)
    for name, module in list(sys.modules.items()):
        if module is None or module is dist or module is distributed_c10d or name.startswith(LIBRARIES):
            continue
        try:
            names = vars(module)
        except TypeError:
            continue
        for name, value in list(names.items()):
            wrapped = _ORIGINALS.get(id(value))
            if wrapped is not None and getattr(wrapped, "__drill_logged__", None) is value:
                names[name] = wrapped
