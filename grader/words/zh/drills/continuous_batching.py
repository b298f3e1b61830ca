"""中文 text of the continuous_batching drill."""
TEXT = {
    '40 prompts of 32 tokens: two fit a step':
        '40 个 32 token 的 prompt：一步放得下两个',
    '60 requests: request i is (i // 3, 1 + 7i % 13, 1 + i % 5)':
        '60 个请求：请求 i 为 (i // 3, 1 + 7i % 13, 1 + i % 5)',
    'Each step: decode = list(running); left = token_budget - len(decode); free = max_slots - len(decode). Then while the queue is not empty and free > 0: look at its head; if it has not arrived (arrival > t) or prompt_len > left, break (FIFO: nobody overtakes it); else popleft, append, take its tokens and a slot.':
        '每一步：decode = list(running)；left = token_budget - len(decode)；free = max_slots - len(decode)。然后当队列非空且 free > 0 时：看队首；如果它还没到达（arrival > t）或 prompt_len > left，就 break（FIFO：谁也不能插到它前面）；否则 popleft、append，扣掉它的 token 和一个 slot。',
    'FIFO order broken: a waiting request that does not fit stops the admissions of its step; no later request overtakes it, even one that would fit':
        '破坏了 FIFO 顺序：放不下的等待请求会终止本步的接纳；后面的请求不能插到它前面，即使后者放得下',
    'Remove the finished ids from `running` in the same step in which they finish (after the tokens are made), before the next step counts its free slots.':
        '在请求完成的同一步（生成 token 之后）就把完成的 id 从 `running` 中移除，赶在下一步统计空闲 slot 之前。',
    'State: a FIFO (collections.deque) of waiting ids in list order, the list of running ids, and how many tokens each request has made. Loop while anything waits or runs; t = len(plan).':
        '状态：一个按列表顺序存放等待 id 的 FIFO 队列（collections.deque）、运行中 id 的列表、每个请求已生成的 token 数。只要还有请求在等待或运行就继续循环；t = len(plan)。',
    "Then every running request and every admitted one has made one more token (a prefill makes the first). Those that reached max_new_tokens go to `finished` and leave `running` now, so their slots are free at the next step's admission.":
        '然后每个运行中的请求和每个新接纳的请求都多生成了一个 token（prefill 生成第一个）。达到 max_new_tokens 的请求进入 `finished`，并立刻离开 `running`，这样它们的 slot 在下一步接纳时就是空闲的。',
    'When the head of the queue does not fit (no slot, or its prompt is over what is left), break: do not go on to the next request.':
        '当队首放不下时（没有 slot，或它的 prompt 超过剩余预算），就 break：不要继续尝试下一个请求。',
    "a finished request's slot freed a step late: a request that makes its last token at step t leaves at the end of step t, and its slot is free for step t + 1's admissions":
        '完成请求的 slot 晚了一步才释放：在第 t 步生成最后一个 token 的请求在第 t 步结束时离开，它的 slot 在第 t + 1 步接纳时就是空闲的',
    'admitted in FIFO order, never before arrival':
        '按 FIFO 顺序接纳，且绝不早于到达时间',
    'arrival misread: a request may be admitted from step `arrival` on (arrival <= t), not earlier and not only from the step after':
        '理解错了 arrival：请求从第 `arrival` 步起（arrival <= t）就可以被接纳，不能更早，也不是从下一步才开始',
    "budget exceeded by the prefill: a step's tokens (one per decode plus each admitted prompt, whole) must stay <= token_budget; admit a prompt only if it fits in what is left after the decodes and the prompts already admitted":
        'prefill 超出了预算：一步的 token 数（每个 decode 一个，加上每个被接纳的完整 prompt）必须 <= token_budget；只有当 prompt 放得进扣除 decode 和已接纳 prompt 之后的剩余预算时，才接纳它',
    'left = token_budget - len(decode) before admitting; admit the head only if prompt_len <= left, then left -= prompt_len.':
        '接纳之前 left = token_budget - len(decode)；只有 prompt_len <= left 时才接纳队首，然后 left -= prompt_len。',
    'more requests running than max_slots: a running request holds its slot until it finishes; admit only while max_slots - (running + admitted this step) > 0':
        '运行的请求多于 max_slots：运行中的请求在完成前一直占着它的 slot；只有 max_slots - (running + 本步已接纳数) > 0 时才能接纳',
    'no requests: an empty plan':
        '没有请求：空的 plan',
    'no step over the budget or the slots':
        '没有哪一步超出预算或 slot 数',
    'nothing arrives before step 2, and nothing runs at step 4: empty steps':
        '第 2 步之前没有请求到达，第 4 步没有请求运行：空的步',
    'one request of one token: prefilled and finished in step 0':
        '只要一个 token 的单个请求：在第 0 步 prefill 并完成',
    'one slot: each request waits for the one before to finish':
        '只有一个 slot：每个请求都要等前一个完成',
    'request {0} is admitted at step {1}, after request {2} (at step {3}), which comes after it in the list: requests are admitted in list order':
        '请求 {0} 在第 {1} 步被接纳，晚于列表中排在它后面的请求 {2}（第 {3} 步）：请求要按列表顺序接纳',
    'request {0} is admitted at step {1}, before its arrival at step {2}':
        '请求 {0} 在第 {1} 步被接纳，早于它在第 {2} 步的到达',
    'step {0}: {1} decode + prompts {2} = {3} tokens > token_budget={4}':
        '第 {0} 步：{1} 个 decode + prompt {2} = {3} 个 token > token_budget={4}',
    'step {0}: {1} decodes + prompts {2} = {3} tokens > token_budget={4}':
        '第 {0} 步：{1} 个 decode + prompt {2} = {3} 个 token > token_budget={4}',
    'step {0}: {1} requests decode and {2} are admitted: {3} running > max_slots={4}':
        '第 {0} 步：{1} 个请求 decode，{2} 个被接纳：{3} 个在运行 > max_slots={4}',
    'the budget filled exactly: 2 decodes + a 3-token prompt == token_budget at step 1':
        '预算恰好用满：第 1 步 2 个 decode + 一个 3 token 的 prompt == token_budget',
    "the caller's list changed (requests.pop(0), a request's tuple replaced to count its tokens down): keep the queue and the counts in lists of your own":
        '修改了调用者的列表（requests.pop(0)，或替换请求的元组来倒数 token）：把队列和计数放在你自己的列表里',
    'the head does not fit the budget while later ones would: they wait behind it':
        '队首放不进预算而后面的请求放得下：它们要排在队首后面等待',
    "the prefill's token not counted: an admitted request's prefill makes its first new token, so it decodes max_new_tokens - 1 times and one with max_new_tokens == 1 finishes in its prefill step":
        '没有计入 prefill 的 token：被接纳请求的 prefill 会生成第一个新 token，所以它只 decode max_new_tokens - 1 次，max_new_tokens == 1 的请求在 prefill 那一步就完成',
    "the prompt's example":
        '题目中的示例',
    'token_budget == max_slots: a slot freed at step t is taken at step t + 1':
        'token_budget == max_slots：第 t 步释放的 slot 在第 t + 1 步被占用',
    'step {0}':
        '第 {0} 步',
}
