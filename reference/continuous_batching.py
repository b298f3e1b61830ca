from collections import deque


def schedule(requests: list[tuple[int, int, int]], max_slots: int, token_budget: int) -> list[dict[str, list[int]]]:
    waiting = deque(range(len(requests)))        # FIFO: the list is in arrival order
    running: list[int] = []                      # increasing ids: admitted in FIFO order
    made = [0] * len(requests)                   # new tokens made so far, per request
    plan = []
    while waiting or running:
        t = len(plan)
        decode = list(running)                   # one token each, before anything is admitted
        budget, slots = token_budget - len(decode), max_slots - len(decode)
        prefill = []
        while waiting and slots > 0:
            arrival, prompt_len, _ = requests[waiting[0]]
            if arrival > t or prompt_len > budget:
                break                            # the head waits, and everyone behind it
            prefill.append(waiting.popleft())
            budget, slots = budget - prompt_len, slots - 1
        running += prefill
        for i in running:                        # a prefill makes the first token, a decode the next
            made[i] += 1
        finished = [i for i in running if made[i] == requests[i][2]]
        running = [i for i in running if made[i] < requests[i][2]]     # their slots are free next step
        plan.append({"prefill": prefill, "decode": decode, "finished": finished})
    return plan
