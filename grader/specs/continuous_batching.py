"""continuous_batching: one function on plain Python ints, graded on the whole plan it returns, step
by step. Particular to it: the plan is compared as a trace of one line per step ("prefill [2, 3],
decode [], finished [2]"), padded past its end so that a plan one step too short or too long is shown
at the step where it differs; drawn workloads with small budgets and few slots, so that requests
wait on the budget, on the slots and behind a blocked head; reference-free invariants (no step over
the budget or the slots, admissions in FIFO order and never before arrival); and the classic
mistakes of a slot freed a step late, a prefill that overruns the budget, a blocked head skipped,
the prefill's token not counted and arrivals misread, written as flags of one literal scheduler."""
import re

from hypothesis import strategies as st

from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Trace

META = dict(title="Continuous batching scheduler", zh="连续批处理调度", topic="efficiency", difficulty="medium",
            minutes=25, oracle="a plain step-by-step simulation written independently in the oracle test")
HINTS = [
    "State: a FIFO (collections.deque) of waiting ids in list order, the list of running ids, and how many "
    "tokens each request has made. Loop while anything waits or runs; t = len(plan).",
    "Each step: decode = list(running); left = token_budget - len(decode); free = max_slots - len(decode). "
    "Then while the queue is not empty and free > 0: look at its head; if it has not arrived (arrival > t) "
    "or prompt_len > left, break (FIFO: nobody overtakes it); else popleft, append, take its tokens and a slot.",
    "Then every running request and every admitted one has made one more token (a prefill makes the first). "
    "Those that reached max_new_tokens go to `finished` and leave `running` now, so their slots are free at "
    "the next step's admission.",
]

FIELDS = ("prefill", "decode", "finished")
ENDED = "(no step: the plan has ended)"


# ---- the plan, read as one line per step -------------------------------------------------------

def line(step) -> str:
    """A step as one line when it is a dict of three lists of ints, else as it was returned."""
    if isinstance(step, dict) and set(step) == set(FIELDS) and all(
            isinstance(step[f], list) and all(type(i) is int for i in step[f]) for f in FIELDS):
        return ", ".join(f"{f} {step[f]}" for f in FIELDS)
    return f"not a step of the form {{'prefill': [...], 'decode': [...], 'finished': [...]}}: {step!r}"


def read(text: str):
    """The step a line shows ({field: [ids]}), or None when the line is not one."""
    m = re.fullmatch(r"prefill \[(.*)\], decode \[(.*)\], finished \[(.*)\]", text)
    if m is None:
        return None
    return {f: [int(i) for i in g.split(", ")] if g else [] for f, g in zip(FIELDS, m.groups())}


def longest(requests) -> int:
    """More steps than any right plan has: from the last arrival on, every step makes a token."""
    return max(a for a, _, _ in requests) + sum(m for _, _, m in requests) + 1 if requests else 1


def as_trace(impl, case, ns) -> Trace:
    """The plan as a trace of `longest` lines, the ones past its end saying so: a plan that ends early
    or late differs at a step, shown with the lines around it."""
    steps = longest(case.args[0])                 # before the call, which may spoil its input
    plan = impl(*case.args, **case.kwargs)
    if not isinstance(plan, list):
        return plan
    trace = Trace()
    for t in range(steps):
        trace.step(f"step {t}", line(plan[t]) if t < len(plan) else ENDED)
    return trace


def plan_of(call, case):
    """The learner's plan as steps ({field: [ids]}), up to its end; None where a line is not a step."""
    out = call(case)
    if not isinstance(out, list):
        return None
    steps = [read(text) for _, text in out if text != ENDED]
    return None if None in steps else steps


# ---- inputs ------------------------------------------------------------------------------------

def workload(requests, max_slots, token_budget, label=""):
    return Case(args=(list(requests), max_slots, token_budget), label=label)


def inputs(draw) -> Case:
    max_slots = draw(st.integers(1, 4))
    token_budget = max_slots + draw(st.integers(0, 8))
    arrival, requests = 0, []
    for _ in range(draw(st.integers(1, 6))):
        arrival += draw(st.sampled_from([0, 0, 0, 1, 1, 3]))
        requests.append((arrival, draw(st.integers(1, token_budget)), draw(st.integers(1, 4))))
    return workload(requests, max_slots, token_budget)


PROMPT = [(0, 5, 3), (0, 4, 2), (0, 2, 1), (2, 6, 2)]
EXAMPLES = [
    workload(PROMPT, 2, 8, "the prompt's example"),
    workload([], 2, 4, "no requests: an empty plan"),
    workload([(0, 3, 1)], 1, 3, "one request of one token: prefilled and finished in step 0"),
    workload([(0, 2, 3), (0, 1, 2), (0, 1, 1)], 1, 4, "one slot: each request waits for the one before to finish"),
    workload([(0, 3, 2), (0, 6, 1), (0, 1, 2), (1, 1, 1)], 4, 8,
             "the head does not fit the budget while later ones would: they wait behind it"),
    workload([(2, 2, 2), (5, 1, 1)], 2, 2, "nothing arrives before step 2, and nothing runs at step 4: empty steps"),
    workload([(0, 3, 3), (0, 2, 2), (0, 3, 1), (1, 1, 1)], 3, 5,
             "the budget filled exactly: 2 decodes + a 3-token prompt == token_budget at step 1"),
    workload([(0, 1, 2), (0, 1, 4), (0, 1, 1), (0, 1, 3), (0, 1, 1)], 2, 2,
             "token_budget == max_slots: a slot freed at step t is taken at step t + 1"),
]
EXTREME = [
    workload([(i // 3, 1 + 7 * i % 13, 1 + i % 5) for i in range(60)], 4, 16,
             "60 requests: request i is (i // 3, 1 + 7i % 13, 1 + i % 5)"),
    workload([(0, 32, 1 + i % 7) for i in range(40)], 8, 64, "40 prompts of 32 tokens: two fit a step"),
]


# ---- invariants (no reference needed) ----------------------------------------------------------

BUDGET = Mistake("budget exceeded by the prefill: a step's tokens (one per decode plus each admitted prompt, "
                 "whole) must stay <= token_budget; admit a prompt only if it fits in what is left after the "
                 "decodes and the prompts already admitted",
                 hint="left = token_budget - len(decode) before admitting; admit the head only if prompt_len <= "
                      "left, then left -= prompt_len.")
SLOTS = Mistake("more requests running than max_slots: a running request holds its slot until it finishes; "
                "admit only while max_slots - (running + admitted this step) > 0")
FIFO = Mistake("FIFO order broken: a waiting request that does not fit stops the admissions of its step; no "
               "later request overtakes it, even one that would fit",
               hint="When the head of the queue does not fit (no slot, or its prompt is over what is left), "
                    "break: do not go on to the next request.")
ARRIVAL = Mistake("arrival misread: a request may be admitted from step `arrival` on (arrival <= t), not earlier "
                  "and not only from the step after")


def within_budget_and_slots(call, case):
    requests, max_slots, token_budget = case.args
    steps = plan_of(call, case) or []
    for t, step in enumerate(steps):
        if any(not 0 <= i < len(requests) for f in FIELDS for i in step[f]):
            return                                 # the values check says what is wrong with the ids
        prompts, decodes = [requests[i][1] for i in step["prefill"]], len(step["decode"])
        tokens = decodes + sum(prompts)
        if tokens > token_budget:
            if decodes == 1:
                raise Fail(f"step {t}: {decodes} decode + prompts {prompts} = {tokens} tokens > "
                           f"token_budget={token_budget}", mistake=BUDGET.name)
            raise Fail(f"step {t}: {decodes} decodes + prompts {prompts} = {tokens} tokens > "
                       f"token_budget={token_budget}", mistake=BUDGET.name)
        held = len(step["decode"]) + len(step["prefill"])
        if held > max_slots:
            raise Fail(f"step {t}: {len(step['decode'])} requests decode and {len(step['prefill'])} are admitted: "
                       f"{held} running > max_slots={max_slots}", mistake=SLOTS.name)


def in_order_and_arrived(call, case):
    requests = case.args[0]
    steps = plan_of(call, case) or []
    admitted = [(i, t) for t, step in enumerate(steps) for i in step["prefill"]]
    if any(not 0 <= i < len(requests) for i, _ in admitted):
        return
    for (i, t), (j, u) in zip(admitted, admitted[1:]):
        if j <= i:
            raise Fail(f"request {j} is admitted at step {u}, after request {i} (at step {t}), which comes "
                       f"after it in the list: requests are admitted in list order", mistake=FIFO.name)
    for i, t in admitted:
        if t < requests[i][0]:
            raise Fail(f"request {i} is admitted at step {t}, before its arrival at step {requests[i][0]}",
                       mistake=ARRIVAL.name)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def scheduler(freed="this step", budget="decodes and prompts", head="break", first_token="prefill",
              arrived="arrival <= t"):
    """schedule, or one of its classic mistakes."""
    def schedule(requests, max_slots, token_budget):
        waiting, running, made, plan = list(range(len(requests))), [], [0] * len(requests), []
        finishing = []                              # finished at the last step (for a slot freed late)
        while waiting or running:
            t = len(plan)
            decode = list(running)
            used = len(decode) if budget == "decodes and prompts" else 0
            held = len(running) + (len(finishing) if freed == "next step" else 0)
            prefill = []
            for i in list(waiting):
                arrival, prompt_len, _ = requests[i]
                here = {"arrival <= t": arrival <= t, "arrival < t": arrival < t, "ignored": True}[arrived]
                free = held + len(prefill) < max_slots
                fits = used < token_budget if budget == "checked before adding" else used + prompt_len <= token_budget
                if not (here and free and fits):
                    if head == "skipped" and here:
                        continue
                    break
                waiting.remove(i)
                prefill.append(i)
                used += prompt_len
            running += prefill
            for i in running:
                if first_token == "prefill" or i not in prefill:
                    made[i] += 1
            goal = {i: requests[i][2] for i in running}
            finishing = [i for i in running if made[i] == goal[i]]
            running = [i for i in running if made[i] < goal[i]]
            plan.append({"prefill": prefill, "decode": decode, "finished": finishing})
        return plan
    return schedule


MISTAKES = [
    Mistake("a finished request's slot freed a step late: a request that makes its last token at step t "
            "leaves at the end of step t, and its slot is free for step t + 1's admissions",
            like=scheduler(freed="next step"),
            hint="Remove the finished ids from `running` in the same step in which they finish (after the "
                 "tokens are made), before the next step counts its free slots."),
    Mistake(BUDGET.name, like=scheduler(budget="prompts only"), hint=BUDGET.hint),
    Mistake(BUDGET.name, like=scheduler(budget="checked before adding")),
    Mistake(FIFO.name, like=scheduler(head="skipped"), hint=FIFO.hint),
    Mistake("the prefill's token not counted: an admitted request's prefill makes its first new token, so it "
            "decodes max_new_tokens - 1 times and one with max_new_tokens == 1 finishes in its prefill step",
            like=scheduler(first_token="decode")),
    Mistake(ARRIVAL.name, like=scheduler(arrived="ignored")),
    Mistake(ARRIVAL.name, like=scheduler(arrived="arrival < t")),
    SLOTS,
]


DRILL = Drill(
    entries=[Entry(
        "schedule",
        inputs=inputs,
        run=as_trace,
        examples=EXAMPLES,
        extreme=EXTREME,
        invariants=[Invariant("no step over the budget or the slots", within_budget_and_slots),
                    Invariant("admitted in FIFO order, never before arrival", in_order_and_arrived)],
        mistakes=MISTAKES,
        grad=False,
        device=False,          # plain Python ints
    )],
    mistakes=[Mistake("the caller's list changed (requests.pop(0), a request's tuple replaced to count its "
                      "tokens down): keep the queue and the counts in lists of your own",
                      check="inputs unchanged")],
)
