"""Time limits count CPU time, with a wall-clock backstop for code that waits: a busy loop ends with
the CPU message, a sleep past the backstop with the wall message, and a correct call that waits, or
that shares its CPU with busy processes, is not stopped. Limits are short here to provoke them; no
test judges how long anything took."""
import os
import time

import pytest
import torch
import torch.distributed as dist

from grader.engine import distributed
from grader.engine.guards import WALL_FACTOR, CallTimeout, Stopwatch, time_limit
from tests.procs import burn, crowded


def test_a_busy_loop_ends_with_the_cpu_message():
    with pytest.raises(CallTimeout) as stop:
        with time_limit(0.2):
            while True:
                pass
    assert not stop.value.wall
    assert "used 0.2 s of CPU time without returning: an infinite loop" in str(stop.value)


def test_a_call_that_sleeps_past_the_backstop_ends_with_the_wall_message():
    with pytest.raises(CallTimeout) as stop:
        with time_limit(0.05):
            time.sleep(60)
    assert stop.value.wall
    assert f"did not return within {WALL_FACTOR * 0.05:g} s of wall time" in str(stop.value)
    assert "is it waiting on something" in str(stop.value)


def test_a_call_that_waits_longer_than_its_cpu_limit_but_within_the_backstop_returns():
    with time_limit(0.05):                  # the backstop: 0.2 s of wall time
        time.sleep(0.1)


def test_a_call_on_a_crowded_cpu_is_held_to_its_cpu_time():
    """0.1 s of CPU on a CPU shared four ways takes about 0.4 s: past a 0.3 s wall limit, within
    0.3 s of CPU time and its backstop."""
    with crowded(3), time_limit(0.3):
        burn(0.1)


def test_an_outer_limit_goes_on_after_an_inner_one():
    with pytest.raises(CallTimeout) as stop:
        with time_limit(0.3):
            with time_limit(5):
                pass
            while True:
                pass
    assert "used 0.3 s of CPU time" in str(stop.value)


def test_the_checks_budget_is_cpu_time_and_its_backstop_wall_time():
    waits = Stopwatch(0.05)
    with waits.timing():
        time.sleep(0.1)                     # past the budget in wall time, within its backstop
    assert not waits.over
    with waits.timing():
        time.sleep(0.15)
    assert waits.over and waits.waited
    busy = Stopwatch(0.05)
    with busy.timing():
        burn(0.06)
    assert busy.over and not busy.waited


def rank_burns(cpu: int, seconds: float):
    os.sched_setaffinity(0, {cpu})
    burn(seconds)
    t = torch.ones(2)
    dist.all_reduce(t)
    return t


def rank_1_spins(x):
    t = x.clone()
    if dist.get_rank() == 1:
        while True:
            pass
    dist.all_reduce(t)
    return t


@pytest.fixture
def ranks():
    yield
    distributed.close()


def test_ranks_that_compute_on_a_crowded_cpu_are_not_a_hang(ranks):
    """Each rank needs 0.3 s of CPU; sharing one CPU with three busy processes and each other, that
    takes longer than the job's deadline of 1 s in wall time, but they are never still."""
    with crowded(3) as cpu:
        out = distributed.run(2, rank_burns, cpu, 0.3, timeout=1.0)
    assert [t.tolist() for t in out] == [[2.0, 2.0]] * 2


def test_a_rank_in_a_busy_loop_is_stopped_by_its_cpu_time(ranks):
    with pytest.raises(distributed.Hang) as hang:
        distributed.run(2, rank_1_spins, torch.ones(2), timeout=1.0)
    said = str(hang.value)
    assert "rank 0 waits in all_reduce" in said and "nothing moved while rank 1 used 1 s of CPU time" in said, said
