def schedule(requests, max_slots, token_budget):
    # First decide when each request is admitted, then read the plan off the intervals: request i runs
    # from its admission s to s + max_new_tokens - 1.
    start = []
    t = 0
    while len(start) < len(requests):
        running = [i for i, s in enumerate(start) if s < t <= s + requests[i][2] - 1]
        left, free = token_budget - len(running), max_slots - len(running)
        while len(start) < len(requests) and free:
            arrival, prompt_len, _ = requests[len(start)]
            if arrival > t or prompt_len > left:
                break
            start.append(t)
            left -= prompt_len
            free -= 1
        t += 1
    last = max((s + requests[i][2] - 1 for i, s in enumerate(start)), default=-1)
    plan = []
    for t in range(last + 1):
        plan.append({
            "prefill": [i for i, s in enumerate(start) if s == t],
            "decode": [i for i, s in enumerate(start) if s < t <= s + requests[i][2] - 1],
            "finished": [i for i, s in enumerate(start) if s + requests[i][2] - 1 == t],
        })
    return plan
