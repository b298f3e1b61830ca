"""The harness of the distributed drills: a rank that hangs is reported with the rank and the collective
it waits in, within the time limit, and no rank process survives, in this process and through the warm
sandboxed grader."""
import os
import time

import pytest
import torch
import torch.distributed as dist

from grader.runtime import client
from grader.engine import distributed
from grader.learner.registry import ROOT
from grader.engine.result import FAIL
from grader.runtime.sandbox import Limits, alive


def rank_pid(x):
    return os.getpid()


def rank_1_returns_early(x):
    t = x.clone()
    if dist.get_rank() == 0:
        dist.all_reduce(t)
    return t


def rank_1_never_comes(x):
    t = x.clone()
    if dist.get_rank() == 1:
        while True:
            time.sleep(0.05)
    dist.all_reduce(t)
    return t


def one_all_reduce(x):
    t = x.clone()
    dist.all_reduce(t)
    return t


def rank_1_sends_then_returns(x):
    t = x.clone()
    for _ in range(3):                 # rank 1 returns as soon as its last send is received
        if dist.get_rank() == 1:
            dist.send(t, dst=0)
        else:
            dist.recv(t, src=1)
    return t


def both_send_first(x):
    t = x.clone()
    dist.send(t, dst=1 - dist.get_rank())
    dist.recv(t, src=1 - dist.get_rank())
    return t


@pytest.fixture
def pids():
    """The pids of the ranks of a group of 2 (the pool is reused by the next job)."""
    yield distributed.run(2, rank_pid, None)
    distributed.close()


def test_a_rank_that_returns_early_is_named_at_once_and_its_group_is_gone(pids):
    start = time.monotonic()
    with pytest.raises(distributed.Hang) as hang:
        distributed.run(2, rank_1_returns_early, torch.ones(3), timeout=20)
    assert time.monotonic() - start < 5                       # settled without waiting for the deadline
    said = str(hang.value)
    assert "rank 0 waits in all_reduce of a (3,) tensor (its 1st all_reduce call)" in said, said
    assert "rank 1 returned after no collective call" in said, said
    assert not any(alive(p) for p in pids)


def test_a_rank_that_never_comes_is_named_at_the_deadline_and_its_group_is_gone(pids):
    start = time.monotonic()
    with pytest.raises(distributed.Hang) as hang:
        distributed.run(2, rank_1_never_comes, torch.ones(2), timeout=1.5)
    assert 1.5 <= time.monotonic() - start < 5
    said = str(hang.value)
    assert "rank 0 waits in all_reduce" in said and "rank 1 is still running after no collective call" in said, said
    assert not any(alive(p) for p in pids)


def test_a_recv_whose_send_was_made_by_a_rank_that_returned_is_no_hang(pids):
    for _ in range(5):                 # the rank that sent may report its return before the receiver leaves recv
        assert [t.tolist() for t in distributed.run(2, rank_1_sends_then_returns, torch.ones(2), timeout=20)] \
            == [[1.0, 1.0]] * 2


def test_two_ranks_that_send_to_each_other_first_are_named_with_their_sends(pids):
    with pytest.raises(distributed.Hang) as hang:
        distributed.run(2, both_send_first, torch.ones(2), timeout=1.5)
    said = str(hang.value)
    assert "rank 0 waits in send of a (2,) tensor with rank 1" in said, said
    assert "rank 1 waits in send of a (2,) tensor with rank 0" in said, said
    assert "each send must meet the matching recv on the other rank" in said, said
    assert not any(alive(p) for p in pids)


def test_after_a_hang_the_next_job_gets_a_fresh_group(pids):
    with pytest.raises(distributed.Hang):
        distributed.run(2, rank_1_returns_early, torch.ones(1), timeout=20)
    assert [t.tolist() for t in distributed.run(2, one_all_reduce, torch.ones(2))] == [[2.0, 2.0]] * 2
    assert not set(distributed.run(2, rank_pid, None)) & set(pids)


def test_the_group_meets_on_the_loopback_address_only(pids):
    def interface(_):
        return os.environ.get("GLOO_SOCKET_IFNAME"), dist.get_backend()
    for name, backend in distributed.run(2, interface, None):
        assert backend == "gloo" and open(f"/sys/class/net/{name}/flags").read().strip() in ("0x9", "0x49", "0x8")


HANGS = (ROOT / "tests" / "solutions" / "ddp_allreduce" / "wrong_unused_param_hangs.py").read_text()


def test_a_hang_through_the_sandboxed_grader_is_a_verdict_in_time_and_leaves_no_process(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    seen = tmp_path / "ranks"
    record = (f"        import os\n"
              f"        with open({str(seen)!r}, 'a') as f:\n"
              f"            f.write(str(os.getpid()) + '\\n')\n")
    source = HANGS.replace("    def finish(self) -> None:\n", "    def finish(self) -> None:\n" + record, 1)
    path = tmp_path / "ddp_allreduce.py"
    path.write_text(source)
    limits = Limits(call_seconds=5, check_seconds=30, stall_seconds=30, total_seconds=120, memory_mb=2048)
    try:
        start = time.monotonic()
        verdict = client.grade("ddp_allreduce", path, home=home, seed=1, limits=limits, speed=False)
        took = time.monotonic() - start
    finally:
        client.stop(home)
    runs = next(c for c in verdict.checks if c.name == "runs")
    assert verdict.status == FAIL and runs.status == FAIL, [(c.name, c.status, c.message) for c in verdict.checks]
    said = runs.message               # "waits in" the async launch, or "waits on" its wait(): whichever came first
    assert "rank 0 waits" in said and "all_reduce of a (9,) tensor (its 2nd all_reduce call" in said, said
    assert "rank 1 reached the end of step 1 after 1 all_reduce call" in said, said
    assert "unused" in runs.mistake
    assert took < 60
    ranks = {int(p) for p in seen.read_text().split()}
    assert len(ranks) >= 2 and not any(alive(p) for p in ranks)


def test_a_distributed_drill_passes_in_a_spare_that_warmed_up_on_another_drill(tmp_path):
    """The warm grader freezes what it loaded (every drill's classes) for the collector; the ranks'
    table of objects still finds them, so the reference's class travels to its ranks by identity."""
    from tests.procs import wait_for
    home = tmp_path / "home"
    home.mkdir()
    limits = Limits(call_seconds=30, check_seconds=300, stall_seconds=120, total_seconds=600)
    try:
        first = client.grade("softmax", ROOT / "reference" / "softmax.py", home=home, seed=1, limits=limits, speed=False)
        assert first.passed
        wait_for(lambda: client.ping(home).get("spare"), what="a spare grading process")
        for _ in range(2):
            verdict = client.grade("tensor_parallel_mlp", ROOT / "reference" / "tensor_parallel_mlp.py", home=home,
                                   seed=1, limits=limits, speed=False)
            assert verdict.passed, [(c.name, c.status, c.message) for c in verdict.checks if c.status != "pass"]
    finally:
        client.stop(home)
