
EXPECT = {
    'values': '',
}
made = {}            # tokens made per request id, kept at module level: never reset between calls


def schedule(requests, max_slots, token_budget):
    waiting, running, plan = list(range(len(requests))), [], []
    while waiting or running:
        t = len(plan)
        decode = list(running)
        left, free = token_budget - len(decode), max_slots - len(decode)
        prefill = []
        while waiting and free > 0:
            arrival, prompt_len, _ = requests[waiting[0]]
            if arrival > t or prompt_len > left:
                break
            prefill.append(waiting.pop(0))
            left -= prompt_len
            free -= 1
        running += prefill
        for i in running:
            made[i] = made.get(i, 0) + 1
        finished = [i for i in running if made[i] >= requests[i][2]]
        running = [i for i in running if made[i] < requests[i][2]]
        plan.append({"prefill": prefill, "decode": decode, "finished": finished})
    return plan
