"""连续批处理调度 Continuous batching scheduler

LLM 服务不会等整个 batch 都结束：像 Orca 和 vLLM 那样，每一步（一次前向）中，已在运行的请求各
decode 一个 token，完成的请求立刻离开，等待中的请求带着它们的 prefill 补进空出来的位置。实现这个
调度器：`schedule(requests, max_slots, token_budget) -> plan`，一个只用普通 Python int 的模拟。

- `requests`：由 int 组成的 `(arrival, prompt_len, max_new_tokens)` 元组的列表；请求 `i` 是第 i 个。
  `arrival >= 0` 是它最早可以被接纳的步；arrival 沿列表不递减，所以列表顺序就是到达（FIFO）顺序。
  `1 <= prompt_len <= token_budget`，`max_new_tokens >= 1`。列表可以为空。
- `max_slots`：同时运行的请求最多这么多个（一个运行中的请求占一个 slot）。
- `token_budget`：一步中经过模型的 token 最多这么多个；`max_slots <= token_budget`。

步编号为 0, 1, 2, ...；第 t 步按以下顺序执行：
1. Decode：每个运行中的请求（在更早的步被接纳、尚未完成）生成一个 token；每个请求消耗该步预算中
   的 1 个 token，并保留它的 slot。
2. 接纳：已到达（arrival <= t）的等待请求严格按列表顺序处理。如果有空闲 slot，且第一个请求的整个
   prompt 能放进剩余预算（decode 的 token 数加上本步已接纳的 prompt 长度，再加上它的 prompt_len，
   <= token_budget），就接纳它；然后用同样的方式尝试下一个。在第一个未被接纳的请求处停止：它和
   它之后的所有请求都等到之后的步（不能插队）。
   被接纳的请求的 prefill 读入整个 prompt 并生成它的第一个新 token；它在这一步中不再 decode。
3. 完成：在这一步生成了第 max_new_tokens 个 token 的请求即完成（所以 max_new_tokens == 1 的请求
   在它的 prefill 步就完成）。它的 slot 从第 t + 1 步起空闲。
plan 以最后一个请求完成的那一步结束（之后没有步）；什么都没在运行（还没有请求到达）的步仍然算
一步，三个列表都为空。

返回 `plan`，每一步一个 dict 的列表：
`{"prefill": [ids admitted], "decode": [ids that decoded], "finished": [ids finished]}`，
每个都是按升序排列的请求下标列表。不要修改 `requests`。

示例:
    >>> reqs = [(0, 5, 3), (0, 4, 2), (0, 2, 1), (2, 6, 2)]
    >>> for step in schedule(reqs, max_slots=2, token_budget=8):
    ...     print(step)
    {'prefill': [0], 'decode': [], 'finished': []}
    {'prefill': [1], 'decode': [0], 'finished': []}
    {'prefill': [], 'decode': [0, 1], 'finished': [0, 1]}
    {'prefill': [2, 3], 'decode': [], 'finished': [2]}
    {'prefill': [], 'decode': [3], 'finished': [3]}

第 0 步：0 占用 8 个 token 中的 5 个；1 需要 4 > 剩余的 3，所以 1 等待，2 排在它后面也等待（FIFO）。
第 1 步：0 decode（1 个 token），1 放得下（1 + 4 <= 8），占用最后一个 slot。
第 2 步：两个 slot 都被占用；0 生成第 3 个 token，1 生成第 2 个：两者都完成。
第 3 步：两个 slot 重新空闲：2（2 个 token）和 3（6 个 token，2 + 6 == 8）被接纳；
2 只要一个 token，由它的 prefill 生成，所以立刻完成。
"""


def schedule(requests: list[tuple[int, int, int]], max_slots: int, token_budget: int) -> list[dict[str, list[int]]]:
    # TODO: 一个等待 id 的 FIFO 队列、运行中的 id、每个请求已生成的 token 数；逐步推进直到全部完成（约 20 行）
    raise NotImplementedError
