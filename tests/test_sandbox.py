"""Learner code is hostile by accident: every kind of fault ends in a clear, true verdict from the
warm grader, and what the learner's code prints never passes for the grader's report."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grader.runtime import client
from grader.learner.registry import ROOT, get
from grader.engine.result import ERROR, FAIL, PASS, SKIPPED
from grader.runtime.sandbox import Limits
from tests.procs import running, wait_for

# wall-clock backstops far past the CPU limits: a busy loop is stopped by its CPU time, even on a loaded machine
QUICK = Limits(call_seconds=3, check_seconds=20, stall_seconds=8, total_seconds=120, memory_mb=1024, wall_factor=10)
CORRECT = """
import torch
def softmax(x, dim=-1):
    e = (x - x.amax(dim, keepdim=True)).exp()
    return e / e.sum(dim, keepdim=True)
"""



def busy(seconds: float) -> str:
    """The correct softmax, using `seconds` of CPU time in each call first."""
    return CORRECT.replace("    e = ", f"    end = time.process_time() + {seconds}\n"
                                       f"    while time.process_time() < end:\n        pass\n    e = "
                           ).replace("import torch", "import time, torch")


@pytest.fixture(scope="module")
def grader_home(tmp_path_factory):
    """One warm grader for the module (each check still runs in a fresh process)."""
    home = tmp_path_factory.mktemp("grader")
    client.ensure(home)
    yield home
    client.stop(home)


def grade(home, tmp_path, source: str, limits=QUICK, **kw):
    path = tmp_path / "softmax.py"
    path.write_text(textwrap.dedent(source))
    kw.setdefault("speed", False)
    return client.grade("softmax", path, home=home, seed=1, limits=limits, **kw)


def messages(verdict) -> str:
    return " | ".join(f"{c.name}: {c.status}: {c.message}" for c in verdict.checks)


FAULTS = {
    "infinite_loop": ("def softmax(x, dim=-1):\n    while True:\n        pass\n",
                      "used 3 s of CPU time without returning: an infinite loop"),
    "alarm_ignored": ("import signal\ndef softmax(x, dim=-1):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                      "    while True:\n        pass\n", "used 3 s of CPU time without returning"),
    "alarms_ignored": ("import signal\ndef softmax(x, dim=-1):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                       "    signal.signal(signal.SIGPROF, signal.SIG_IGN)\n    while True:\n        pass\n",
                       "did not finish within 8 s of CPU time"),
    "signals_blocked": ("import signal\ndef softmax(x, dim=-1):\n"
                        "    signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())\n"
                        "    while True:\n        pass\n", "did not finish within 8 s of CPU time"),
    "alarm_taken_over": ("import signal\ndef softmax(x, dim=-1):\n    signal.signal(signal.SIGPROF, signal.SIG_DFL)\n"
                         "    while True:\n        pass\n", "took over the grader's per-call alarm (SIGPROF)"),
    "segfault": ("import ctypes\ndef softmax(x, dim=-1):\n    ctypes.string_at(0)\n", "crashed (SIGSEGV)"),
    "abort": ("import os\ndef softmax(x, dim=-1):\n    os.abort()\n", "crashed (SIGABRT)"),
    "sys_exit": ("import sys\ndef softmax(x, dim=-1):\n    sys.exit(0)\n", "sys.exit(0)"),
    "os_exit": ("import os\ndef softmax(x, dim=-1):\n    os._exit(7)\n", "exited with code 7"),
    "exit_on_import": ("import sys\nsys.exit('bye')\n", "sys.exit('bye')"),
    "megabytes_of_printing": ("def softmax(x, dim=-1):\n    while True:\n        print('x' * 100000)\n",
                              "printed more than 16 MB"),
    "stderr_flood": ("import sys\ndef softmax(x, dim=-1):\n    while True:\n        sys.stderr.write('e' * 100000)\n",
                     "printed more than 16 MB"),
    "memory": ("import torch\ndef softmax(x, dim=-1):\n    return torch.empty(2**40, dtype=torch.uint8) + x.sum()\n",
               "ran out of memory"),
    "memory_leak": ("import torch\nKEPT = []\ndef softmax(x, dim=-1):\n"
                    "    KEPT.append(torch.ones(48 * 2**20, dtype=torch.uint8))\n"
                    "    e = (x - x.amax(dim, keepdim=True)).exp()\n    return e / e.sum(dim, keepdim=True)\n",
                    "used up the memory a grading allows"),
    "kills_itself": ("import os, signal\ndef softmax(x, dim=-1):\n    os.kill(os.getpid(), signal.SIGKILL)\n",
                     "your code sent SIGKILL to its own process"),
    "terminates_its_group": ("import os, signal\ndef softmax(x, dim=-1):\n    os.killpg(0, signal.SIGTERM)\n",
                             "your code sent SIGTERM to its own process"),
    "stops_itself": ("import os, signal\ndef softmax(x, dim=-1):\n    os.kill(os.getpid(), signal.SIGSTOP)\n",
                     "your code stopped its own process (SIGSTOP)"),
    "closes_every_fd": ("import os\ndef softmax(x, dim=-1):\n    os.closerange(0, 4096)\n    return x\n",
                        "closed the grader's own channel"),
    "base_exception": ("class Out(BaseException):\n    pass\ndef softmax(x, dim=-1):\n    raise Out('bye')\n",
                       "your code raised Out (bye), which is not an Exception"),
    "fork_bomb": ("import os\ndef softmax(x, dim=-1):\n    while True:\n        os.fork()\n",
                  "started more than 64 processes"),
    "recursion": ("def softmax(x, dim=-1):\n    return softmax(x, dim)\n", "RecursionError"),
    "closes_stdout": ("import os, sys\ndef softmax(x, dim=-1):\n    sys.stdout.flush()\n    os.close(1)\n"
                      "    print('where did it go?')\n", "Bad file descriptor"),
    "kills_the_grader": ("import os, signal\ndef softmax(x, dim=-1):\n    os.kill(os.getppid(), signal.SIGKILL)\n",
                         "may not send signals to the grader"),
    "kills_every_process": ("import os, signal\ndef softmax(x, dim=-1):\n    os.kill(-1, signal.SIGKILL)\n",
                            "may not send signals to the grader or to every process"),
}


@pytest.mark.parametrize("name", FAULTS)
def test_a_fault_in_learner_code_ends_in_a_true_verdict(name, grader_home, tmp_path):
    source, expected = FAULTS[name]
    verdict = grade(grader_home, tmp_path, source)
    assert verdict.status == FAIL, messages(verdict)      # the learner's fault: a failure, never the grader's error
    assert expected in messages(verdict)
    assert ("memory" in name) == ("out of memory" in messages(verdict))


def test_learner_code_that_replaces_what_the_grader_uses_does_not_change_the_verdict(grader_home, tmp_path):
    verdict = grade(grader_home, tmp_path, """
        import json, os, sys
        json.dumps = lambda *a, **k: '{"check": {"name": "values", "status": "pass"}}'
        os.environ["DRILL_HOME"] = "/nowhere"
        sys.stdout.buffer.write(b"\\xff\\xfe\\x00 not text\\n")
        def softmax(x, dim=-1):
            return x
    """)
    assert verdict.status == FAIL and any(c.name == "values" and c.status == FAIL for c in verdict.checks)
    assert "not text" in verdict.output


def test_a_shell_fork_bomb_is_bounded_and_gone_after_the_verdict(grader_home, tmp_path):
    pids = tmp_path / "pids"
    verdict = grade(grader_home, tmp_path, f"""
        import subprocess, time
        def softmax(x, dim=-1):
            p = subprocess.Popen(["bash", "-c", "echo $$ >> {pids}; f(){{ echo $BASHPID >> {pids}; f | f & }}; f"])
            time.sleep(1)
            raise NotImplementedError
    """)
    assert verdict.status == "todo", messages(verdict)
    started = [int(p) for p in pids.read_text().split()]
    assert started and not [p for p in started if running(p)]


def test_syntax_and_import_errors_are_reported_with_their_line(grader_home, tmp_path):
    verdict = grade(grader_home, tmp_path, "def softmax(x, dim=-1)\n    return x\n")
    assert verdict.checks[0].name == "load" and verdict.checks[0].status == FAIL
    assert "syntax error on line 1" in verdict.checks[0].message
    verdict = grade(grader_home, tmp_path, "import no_such_module\n")
    assert "ModuleNotFoundError" in verdict.checks[0].message


def test_what_the_learner_prints_is_kept_apart_and_cannot_forge_the_report(grader_home, tmp_path):
    forged = '{"check": {"name": "values", "status": "pass", "message": ""}}'
    verdict = grade(grader_home, tmp_path, f"""
        import os, sys
        def softmax(x, dim=-1):
            print('{forged}')
            print('{{"done": 1}}')
            sys.stderr.write('{forged}\\n')
            for fd in range(3, 1024):          # every descriptor the grader might write its report on
                try:
                    os.write(fd, b'{forged}\\n{{"done": 1}}\\n')
                except OSError:
                    pass
            raise NotImplementedError
    """)
    assert verdict.status == "todo", messages(verdict)
    assert [c.name for c in verdict.checks] == ["load", "signature", "started"]
    assert verdict.output.startswith(forged) and verdict.output_bytes > 0


def test_a_learner_forked_copy_of_the_grader_never_reports(grader_home, tmp_path):
    verdict = grade(grader_home, tmp_path, CORRECT.replace("import torch", "import os, torch").replace(
        "    e = ", "    os.fork()\n    e = "))
    assert verdict.status == FAIL
    names = [c.name for c in verdict.checks]
    assert len(names) == len(set(names)), names             # each check once: no copy reported its own


def test_the_report_cannot_be_reached_from_the_learners_process(grader_home, tmp_path):
    # the learner's code finds the grading's reporting function among the frames its process was
    # forked with and ends the report early: that process is not the one that reports
    verdict = grade(grader_home, tmp_path, """
        import os, sys
        def softmax(x, dim=-1):
            frame = sys._getframe()
            while "emit" not in frame.f_locals:
                frame = frame.f_back
            frame.f_locals["emit"]({"done": 0})
            os._exit(0)
    """)
    assert verdict.status == FAIL and not verdict.passed, messages(verdict)
    assert "exited with code 0" in messages(verdict)


def test_a_report_cut_short_is_an_error_not_a_pass(tmp_path):
    """A grading process whose report ends before its checks do (a broken grader) is an error."""
    from grader.runtime import server
    grading = server.Grading.__new__(server.Grading)
    grading.token, grading.buffer, grading.steps_open, grading.checks = "t", b"", [], 0
    grading.done, grading.why, grading.fault = False, "", False
    grading.measure, grading.used = (lambda now: None), 0.0       # no process to measure here
    sent = []
    grading.send = sent.append
    grading.feed(b't {"begin": "values"}\nforged {"done": 0}\nt {"done": 0}\n')
    assert not grading.done and grading.fault and "report was incomplete" in grading.why
    assert sent == [{"begin": "values"}]


def test_the_learner_gets_a_minimal_environment_and_a_scratch_directory(grader_home, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    verdict = grade(grader_home, tmp_path, CORRECT.replace("def softmax(x, dim=-1):", """def softmax(x, dim=-1):
    import json, os, sys
    if not os.path.exists("seen"):
        print(json.dumps({"env": dict(os.environ), "cwd": os.getcwd(), "argv": sys.argv}))
        open("seen", "w").write("a file in the scratch directory")
        os.chdir("/")                          # wherever it goes, grading goes on"""))
    assert verdict.passed, messages(verdict)
    seen = json.loads(verdict.output.splitlines()[0])
    assert "DRILL_HOME" not in seen["env"] and str(grader_home) not in verdict.output
    assert str(tmp_path) not in verdict.output and str(ROOT) not in json.dumps(seen["env"])
    assert seen["env"]["HOME"] == seen["cwd"] and "drill-grading" in seen["cwd"]
    assert not (tmp_path / "seen").exists() and not (grader_home / "seen").exists()
    assert not Path(seen["cwd"]).exists()                   # the scratch directory went with the grading


REFERENCE_USES = {
    "import": "from reference.softmax import softmax\n",
    "import_in_a_call": ("def softmax(x, dim=-1):\n    import importlib\n"
                         "    return importlib.import_module('reference.softmax').softmax(x, dim)\n"),
    "fallback": ("try:\n    from reference.softmax import softmax\nexcept ImportError:\n"
                 "    def softmax(x, dim=-1):\n        e = (x - x.amax(dim, keepdim=True)).exp()\n"
                 "        return e / e.sum(dim, keepdim=True)\n"),
    "sys_path": f"import sys\nsys.path.insert(0, {str(ROOT / 'reference')!r})\nfrom softmax import softmax\n",
    "read_and_exec": ("def softmax(x, dim=-1):\n    ns = {}\n"
                      f"    exec(open({str(ROOT / 'reference' / 'softmax.py')!r}).read(), ns)\n"
                      "    return ns['softmax'](x, dim)\n"),
    "subprocess": ("import subprocess\ndef softmax(x, dim=-1):\n"
                   f"    subprocess.run(['cat', {str(ROOT / 'reference' / 'softmax.py')!r}], capture_output=True)\n"
                   "    e = (x - x.amax(dim, keepdim=True)).exp()\n    return e / e.sum(dim, keepdim=True)\n"),
}


@pytest.mark.parametrize("how", REFERENCE_USES)
def test_using_the_reference_solution_is_reported_and_never_passes(how, grader_home, tmp_path):
    verdict = grade(grader_home, tmp_path, REFERENCE_USES[how])
    assert verdict.status == FAIL, messages(verdict)
    assert "your file uses the reference solution" in messages(verdict)


def test_a_file_that_links_to_the_reference_is_the_reference_solution(grader_home, tmp_path):
    (tmp_path / "softmax.py").symlink_to(get("softmax").reference)
    verdict = client.grade("softmax", tmp_path / "softmax.py", home=grader_home, seed=1, speed=False, limits=QUICK)
    assert verdict.status == FAIL and "your file uses the reference solution" in messages(verdict)


def test_the_reference_itself_passes_through_the_sandbox(grader_home):
    verdict = client.grade("softmax", get("softmax").reference, home=grader_home, seed=5, limits=QUICK)
    assert verdict.passed and all(c.status in (PASS, SKIPPED) for c in verdict.checks), messages(verdict)


def test_slow_calls_are_slow_and_an_endless_call_is_an_infinite_loop(grader_home, tmp_path):
    limits = Limits(call_seconds=10, check_seconds=1.5, stall_seconds=60, total_seconds=120, wall_factor=10)
    slow = grade(grader_home, tmp_path, busy(0.6), limits=limits)
    assert slow.status == FAIL
    assert "your code is slow" in messages(slow) and "s of CPU time in all" in messages(slow)
    assert "not an infinite loop" in messages(slow) and "infinite loop?" not in messages(slow)
    endless = grade(grader_home, tmp_path, "def softmax(x, dim=-1):\n    while True:\n        pass\n",
                    limits=Limits(call_seconds=2, stall_seconds=60, wall_factor=10))
    assert "softmax used 2 s of CPU time without returning: an infinite loop" in messages(endless)


def test_calls_that_wait_are_held_to_wall_time_only_past_the_backstop(grader_home, tmp_path):
    """Sleeping uses no CPU: a call that sleeps past its CPU limit is not stopped until the wall-clock
    backstop, and then it is said to be waiting, not looping."""
    waits = grade(grader_home, tmp_path, CORRECT.replace("    e = ", "    import time; time.sleep(0.6)\n    e = "),
                  limits=Limits(call_seconds=0.2, check_seconds=0.5, stall_seconds=60, total_seconds=120,
                                wall_factor=4))
    assert waits.status == FAIL
    assert "your code waits" in messages(waits) and "waiting on something" in messages(waits)
    assert "CPU time without returning" not in messages(waits)
    endless = grade(grader_home, tmp_path, "import time\ndef softmax(x, dim=-1):\n    time.sleep(10**6)\n",
                    limits=Limits(call_seconds=1, stall_seconds=60, wall_factor=3))
    assert "did not return within 3 s of wall time" in messages(endless)
    assert "is it waiting on something" in messages(endless)
    on_import = grade(grader_home, tmp_path, "import time\ntime.sleep(10**6)\n",
                      limits=Limits(call_seconds=1, stall_seconds=60, wall_factor=3))
    assert "did not return within 3 s of wall time" in messages(on_import)


def test_the_whole_grading_is_held_to_cpu_time_and_its_wall_backstop(grader_home, tmp_path):
    """A grading that sleeps long in all, using little CPU, is stopped by the wall-clock backstop of
    the whole grading, not by its CPU limit; one that keeps the CPU busy, by its CPU limit."""
    limits = Limits(call_seconds=5, check_seconds=60, stall_seconds=60, total_seconds=4, wall_factor=2)
    sleeps = grade(grader_home, tmp_path, CORRECT.replace("    e = ", "    import time; time.sleep(0.3)\n    e = "),
                   limits=limits)
    assert sleeps.status == FAIL
    assert "the whole grading did not finish within 8 s of wall time" in messages(sleeps), messages(sleeps)
    works = grade(grader_home, tmp_path, busy(0.3), limits=Limits(call_seconds=5, check_seconds=60, stall_seconds=60,
                                                                  total_seconds=4, wall_factor=20))
    assert works.status == FAIL
    assert "the whole grading used more than 4 s of CPU time" in messages(works), messages(works)


def test_a_thread_that_keeps_running_does_not_stop_the_verdict(grader_home, tmp_path):
    verdict = grade(grader_home, tmp_path, CORRECT.replace("import torch", """import threading, torch
def spin():
    while True:
        sum(range(1000))
threading.Thread(target=spin, daemon=False).start()"""))
    assert verdict.passed, messages(verdict)


def test_nothing_the_learner_started_survives_the_verdict(grader_home, tmp_path):
    pids = tmp_path / "pids"
    verdict = grade(grader_home, tmp_path, f"""
        import os, signal, subprocess, time
        def children():
            found = []
            for c in os.listdir("/proc"):
                try:
                    if c.isdigit() and open(f"/proc/{{c}}/stat").read().rsplit(")", 1)[1].split()[1] == str(os.getpid()):
                        found.append(int(c))
                except OSError:
                    pass
            return found
        def softmax(x, dim=-1):
            if not os.path.exists({str(pids)!r}):
                subprocess.Popen(["sleep", "1000"], start_new_session=True)
                if os.fork() == 0:                     # a daemon: setsid, a second fork, every signal blocked
                    os.setsid()
                    if os.fork() == 0:
                        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
                        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
                            signal.signal(sig, signal.SIG_IGN)
                        with open({str(pids)!r}, "a") as f:
                            f.write(f"{{os.getpid()}}\\n")
                        while True:
                            time.sleep(1)
                    os._exit(0)
                while not os.path.exists({str(pids)!r}):
                    time.sleep(0.01)
                with open({str(pids)!r}, "a") as f:
                    f.write(" ".join(map(str, [os.getpid(), *children()])) + "\\n")
            e = (x - x.amax(dim, keepdim=True)).exp()
            return e / e.sum(dim, keepdim=True)
    """)
    assert verdict.status == PASS, messages(verdict)
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) >= 3                                  # the daemon, the grading process, sleep
    assert [p for p in started if running(p)] == []


def test_a_grader_that_is_gone_is_started_again(grader_home):
    first = client.ensure(grader_home)
    pid = client.ping(grader_home)["pid"]
    os.kill(pid, 9)
    while running(pid):
        pass
    assert os.path.exists(first)                              # a dead grader's socket file stays behind
    verdict = client.grade("softmax", get("softmax").reference, home=grader_home, seed=2, speed=False, limits=QUICK)
    assert verdict.passed, messages(verdict)
    assert client.ping(grader_home)["pid"] != pid


def test_a_check_runs_in_the_spare_made_while_the_grader_was_idle(tmp_path):
    """The spare holds none of the server's sockets while it waits, and the drill it warmed up on,
    loaded as a learner's file, is gone from the modules a learner's file can import."""
    home = tmp_path / "home"
    home.mkdir()
    try:
        assert grade(home, tmp_path, CORRECT).passed
        spare = wait_for(lambda: client.ping(home).get("spare"), what="a spare grading process")
        fds = [os.readlink(f"/proc/{spare}/fd/{fd}") for fd in os.listdir(f"/proc/{spare}/fd")]
        assert [fd for fd in fds if fd.startswith("socket:")] == []
        seen = tmp_path / "seen.json"
        path = tmp_path / "log_softmax.py"
        path.write_text(get("log_softmax").reference.read_text() + textwrap.dedent(f"""
            import json, os, sys
            with open({str(seen)!r}, "w") as f:
                json.dump([os.getppid(), sorted(n for n in sys.modules if n.startswith("learner_"))], f)
        """))
        verdict = client.grade("log_softmax", path, home=home, seed=1, limits=QUICK, speed=False)
        assert verdict.passed, messages(verdict)
        # the learner's process is forked by the spare, which judges
        assert json.loads(seen.read_text()) == [spare, ["learner_log_softmax"]]
        assert not running(spare)                             # a worker grades one check, then ends
        spare = wait_for(lambda: client.ping(home).get("spare"), what="the next spare")
    finally:
        client.stop(home)
    assert not running(spare)


def test_a_check_without_a_seed_takes_the_one_its_spare_warmed_up_with(tmp_path):
    """The spare grades the reference with the seed it will give a check that asks for none, so that
    check finds the reference's results made: the learner's file below counts what its grading
    process holds when it is loaded and at each call, and the count never grows."""
    home = tmp_path / "home"
    home.mkdir()
    probe = tmp_path / "kept.json"
    path = tmp_path / "probed_softmax.py"
    path.write_text(textwrap.dedent(f"""
        import json, sys
        import torch

        def made():
            return sum(len(v) for (_, entry), v in sys.modules["grader.engine.runner"].KEPT.items() if entry == "softmax")

        loaded = made()

        def softmax(x, dim=-1):
            with open({str(probe)!r}, "w") as f:
                json.dump([loaded, made()], f)
            e = (x - x.amax(dim, keepdim=True)).exp()
            return e / e.sum(dim, keepdim=True)
    """))
    try:
        assert grade(home, tmp_path, CORRECT).passed
        spare = wait_for(lambda: client.ping(home).get("spare"), what="a spare grading process")
        verdict = client.grade("softmax", path, home=home, limits=QUICK, speed=False)
        assert verdict.passed, messages(verdict)
        assert isinstance(verdict.seed, int)
        loaded, last = json.loads(probe.read_text())
        assert loaded > 0 and last == loaded, (loaded, last)
        assert not running(spare)                             # it was the spare that graded it
        again = client.grade("softmax", path, home=home, seed=verdict.seed, limits=QUICK, speed=False)
        assert again.passed and again.seed == verdict.seed
    finally:
        client.stop(home)


def test_a_spare_killed_while_it_waits_costs_nothing_but_itself(tmp_path):
    """Once it is dead it is never handed a check (one killed at the very moment it is handed one
    is a grading killed from outside: the grader's error, never held against the learner)."""
    home = tmp_path / "home"
    home.mkdir()
    try:
        assert grade(home, tmp_path, CORRECT).passed
        spare = wait_for(lambda: client.ping(home).get("spare"), what="a spare grading process")
        os.kill(spare, 9)
        wait_for(lambda: not running(spare), what="the spare's end")
        verdict = grade(home, tmp_path, CORRECT)
        assert verdict.passed, messages(verdict)
        verdict = grade(home, tmp_path, "def softmax(x, dim=-1):\n    return x.exp() / x.exp().sum(dim, keepdim=True)\n")
        assert verdict.status == FAIL, messages(verdict)
        assert "softmax without subtracting the max (exp overflows)" in [c.mistake for c in verdict.checks]
    finally:
        client.stop(home)


def test_warming_up_only_emulates_devices(monkeypatch):
    """CUDA started in the warm grader could not be started again in the grading processes it
    forks: its warm-up gradings emulate devices even where an accelerator is present."""
    from grader.engine import devices, pipeline
    from grader.runtime import server
    asked = []
    real_checks = devices.checks

    def checks(eg, which):
        asked.append(which)
        return real_checks(eg, which)
    monkeypatch.setattr(devices, "available", lambda: ["cuda"])
    monkeypatch.setattr(devices, "checks", checks)
    server.warm_grading("softmax", max_examples=1, speed_check=False)
    assert asked == ["emulated"]
    events = pipeline.grade("softmax", str(get("softmax").reference), device="emulated", max_examples=1,
                            speed_check=False)
    names = [e.name for e in events if not isinstance(e, tuple)]
    assert "device (emulated)" in names and not [n for n in names if "cuda" in n]


def test_the_grader_asks_whether_cuda_exists_without_starting_it(grader_home):
    """torch.cuda.is_available() starts CUDA's driver unless told to ask NVML instead, and a process
    forked after that cannot start CUDA: the grader answers pings, and warms up, with the variable
    that tells it to ask NVML, so its gradings can still run on a GPU."""
    pid = client.ping(grader_home)["pid"]
    with open(f"/proc/{pid}/environ", "rb") as f:
        assert b"PYTORCH_NVML_BASED_CUDA_CHECK=1" in f.read().split(b"\0")


def test_torch_optim_steps_under_the_graders_light_torch():
    """The grading process stands in for torch._dynamo; torch.optim's step asks it for graph_break
    and is_compiling, and must step (grad mode kept) as it does outside the grader."""
    code = ("from grader.runtime import sandbox\nsandbox.lighten_torch()\nimport torch\n"
            "p = torch.nn.Parameter(torch.ones(3))\nopt = torch.optim.Adam([p], lr=0.1)\n"
            "p.sum().backward()\nopt.step()\n"
            "assert torch.allclose(p.detach(), torch.full((3,), 0.9)) and torch.is_grad_enabled()\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
