
EXPECT = {
    'inputs unchanged': "the caller's list changed (requests.pop(0), a request's tuple replaced to count its tokens down): keep the queue and the counts in lists of your own",
}
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
            arrival, prompt_len, to_make = requests[i]
            requests[i] = (arrival, prompt_len, to_make - 1)      # counts down in the caller's list
        finished = [i for i in running if requests[i][2] == 0]
        running = [i for i in running if requests[i][2] > 0]
        plan.append({"prefill": prefill, "decode": decode, "finished": finished})
    return plan
