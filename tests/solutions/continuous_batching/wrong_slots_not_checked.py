from collections import deque

EXPECT = {
    'values': '',
    'no step over the budget or the slots': 'more requests running than max_slots: a running request holds its slot until it finishes; admit only while max_slots - (running + admitted this step) > 0',
}


def schedule(requests, max_slots, token_budget):
    waiting, running, made, plan = deque(range(len(requests))), [], [0] * len(requests), []
    while waiting or running:
        t = len(plan)
        decode = list(running)
        left = token_budget - len(decode)
        prefill = []
        while waiting:                                   # only the budget is checked, never a free slot
            arrival, prompt_len, _ = requests[waiting[0]]
            if arrival > t or prompt_len > left:
                break
            prefill.append(waiting.popleft())
            left -= prompt_len
        running += prefill
        for i in running:
            made[i] += 1
        finished = [i for i in running if made[i] == requests[i][2]]
        running = [i for i in running if made[i] < requests[i][2]]
        plan.append({"prefill": prefill, "decode": decode, "finished": finished})
    return plan
