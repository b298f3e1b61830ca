from dataclasses import dataclass


@dataclass
class Request:
    id: int
    arrival: int
    prompt_len: int
    left: int            # new tokens still to make


class Scheduler:
    def __init__(self, requests, max_slots, token_budget):
        self.queue = [Request(i, *r) for i, r in enumerate(requests)]
        self.running: list[Request] = []
        self.max_slots, self.token_budget = max_slots, token_budget
        self.now = 0

    def step(self):
        decode = [r.id for r in self.running]
        used, admitted = len(self.running), []
        while self.queue and len(self.running) + len(admitted) < self.max_slots:
            head = self.queue[0]
            if head.arrival > self.now or used + head.prompt_len > self.token_budget:
                break
            admitted.append(self.queue.pop(0))
            used += head.prompt_len
        self.running.extend(admitted)
        for r in self.running:
            r.left -= 1
        done = [r for r in self.running if r.left == 0]
        self.running = [r for r in self.running if r.left > 0]
        self.now += 1
        return {"prefill": [r.id for r in admitted], "decode": decode, "finished": sorted(r.id for r in done)}

    def busy(self):
        return bool(self.queue or self.running)


def schedule(requests, max_slots, token_budget):
    scheduler = Scheduler(requests, max_slots, token_budget)
    plan = []
    while scheduler.busy():
        plan.append(scheduler.step())
    return plan
