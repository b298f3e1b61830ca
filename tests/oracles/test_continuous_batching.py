"""The reference against a simulation written here independently: each request carries a status
(waiting, running, done) and a count of tokens still to make; every step scans the requests in list
order. Random workloads over many seeds, the prompt's example, and the plan's own bookkeeping: each
request is admitted once, decodes on the steps right after, and finishes on its last token."""
import random

import pytest

from reference.continuous_batching import schedule


def simulate(requests, max_slots, token_budget):
    status = ["waiting"] * len(requests)
    to_make = [m for _, _, m in requests]
    plan, t = [], 0
    while any(s != "done" for s in status):
        decode = [i for i, s in enumerate(status) if s == "running"]
        tokens, prefill, blocked = len(decode), [], False
        for i, (arrival, prompt_len, _) in enumerate(requests):
            if status[i] != "waiting" or blocked:
                continue
            if arrival <= t and len(decode) + len(prefill) < max_slots and tokens + prompt_len <= token_budget:
                prefill.append(i)
                tokens += prompt_len
            else:
                blocked = True                      # nobody behind the first that waits is admitted
        for i in prefill:
            status[i] = "running"
        for i in decode + prefill:
            to_make[i] -= 1
        finished = sorted(i for i in decode + prefill if to_make[i] == 0)
        for i in finished:
            status[i] = "done"
        plan.append({"prefill": prefill, "decode": decode, "finished": finished})
        t += 1
    return plan


def workload(rng):
    max_slots = rng.randint(1, 6)
    token_budget = max_slots + rng.randint(0, 20)
    arrival, requests = 0, []
    for _ in range(rng.randint(0, 30)):
        arrival += rng.choice([0, 0, 0, 1, 2, 5])
        requests.append((arrival, rng.randint(1, token_budget), rng.randint(1, 8)))
    return requests, max_slots, token_budget


@pytest.mark.parametrize("seed", range(200))
def test_agrees_with_a_plain_simulation(seed):
    requests, max_slots, token_budget = workload(random.Random(seed))
    given = list(requests)
    plan = schedule(requests, max_slots, token_budget)
    assert plan == simulate(requests, max_slots, token_budget)
    assert requests == given


@pytest.mark.parametrize("seed", range(50))
def test_each_request_lives_once(seed):
    requests, max_slots, token_budget = workload(random.Random(1000 + seed))
    plan = schedule(requests, max_slots, token_budget)
    for i, (arrival, prompt_len, m) in enumerate(requests):
        admitted = [t for t, s in enumerate(plan) if i in s["prefill"]]
        decoded = [t for t, s in enumerate(plan) if i in s["decode"]]
        finished = [t for t, s in enumerate(plan) if i in s["finished"]]
        assert len(admitted) == 1 and admitted[0] >= arrival
        assert decoded == list(range(admitted[0] + 1, admitted[0] + m))
        assert finished == [admitted[0] + m - 1]
    for s in plan:
        assert len(s["decode"]) + sum(requests[i][1] for i in s["prefill"]) <= token_budget
        assert len(s["decode"]) + len(s["prefill"]) <= max_slots
    if requests:
        assert plan[-1]["finished"]


def test_prompt_example():
    plan = schedule([(0, 5, 3), (0, 4, 2), (0, 2, 1), (2, 6, 2)], max_slots=2, token_budget=8)
    assert plan == [
        {"prefill": [0], "decode": [], "finished": []},
        {"prefill": [1], "decode": [0], "finished": []},
        {"prefill": [], "decode": [0, 1], "finished": [0, 1]},
        {"prefill": [2, 3], "decode": [], "finished": [2]},
        {"prefill": [], "decode": [3], "finished": [3]},
    ]
    assert schedule([], 2, 4) == []
