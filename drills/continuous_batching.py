"""Continuous batching scheduler 连续批处理调度

An LLM server does not wait for a whole batch to finish: every step (one forward pass) the
requests already running each decode one token, finished requests leave at once, and waiting
requests join in the freed places with their prefill, as in Orca and vLLM. Write the scheduler:
`schedule(requests, max_slots, token_budget) -> plan`, a simulation with plain Python ints.

- `requests`: a list of `(arrival, prompt_len, max_new_tokens)` tuples of ints; request `i` is
  the i-th. `arrival >= 0` is the first step at which it may be admitted; arrivals never decrease
  along the list, so the list order is the arrival (FIFO) order. `1 <= prompt_len <= token_budget`,
  `max_new_tokens >= 1`. The list may be empty.
- `max_slots`: at most this many requests run at once (a running request holds one slot).
- `token_budget`: at most this many tokens go through the model in one step;
  `max_slots <= token_budget`.

Steps are numbered 0, 1, 2, ...; step t does, in this order:
1. Decode: every running request (admitted at an earlier step, not yet finished) makes one token;
   each costs 1 token of the step's budget and keeps its slot.
2. Admit: the waiting requests that have arrived (arrival <= t) are taken strictly in list order.
   The first one is admitted if a slot is free and its whole prompt fits in what is left of the
   budget (the decodes' tokens plus the prompts already admitted this step plus its prompt_len
   <= token_budget); then the next one is tried the same way. Stop at the first that is not
   admitted: it and every request after it wait for a later step (no skipping ahead).
   An admitted request's prefill reads its whole prompt and makes its first new token; it does
   not also decode in this step.
3. Finish: a request that has made its max_new_tokens-th token in this step is finished (so one
   with max_new_tokens == 1 finishes in its prefill step). Its slot is free from step t + 1 on.
The plan ends with the step in which the last request finishes (no step after it); a step in
which nothing runs (nothing has arrived yet) is still a step, with three empty lists.

Returns `plan`, a list with one dict per step:
`{"prefill": [ids admitted], "decode": [ids that decoded], "finished": [ids finished]}`,
each a list of request indices in increasing order. `requests` is not modified.

Example:
    >>> reqs = [(0, 5, 3), (0, 4, 2), (0, 2, 1), (2, 6, 2)]
    >>> for step in schedule(reqs, max_slots=2, token_budget=8):
    ...     print(step)
    {'prefill': [0], 'decode': [], 'finished': []}
    {'prefill': [1], 'decode': [0], 'finished': []}
    {'prefill': [], 'decode': [0, 1], 'finished': [0, 1]}
    {'prefill': [2, 3], 'decode': [], 'finished': [2]}
    {'prefill': [], 'decode': [3], 'finished': [3]}

Step 0: 0 takes 5 of the 8 tokens; 1 needs 4 > 3 left, so 1 waits and 2 waits behind it (FIFO).
Step 1: 0 decodes (1 token), 1 fits (1 + 4 <= 8) and takes the last slot.
Step 2: both slots are taken; 0 makes its 3rd token, 1 its 2nd: both finish.
Step 3: both slots are free again: 2 (2 tokens) and 3 (6 tokens, 2 + 6 == 8) are admitted;
2 wants one token, made by its prefill, so it finishes at once.
"""


def schedule(requests: list[tuple[int, int, int]], max_slots: int, token_budget: int) -> list[dict[str, list[int]]]:
    # TODO: a FIFO of waiting ids, the running ids, tokens made per request; step until all finish (about 20 lines)
    raise NotImplementedError
