"""中文 text of the beam_search drill."""
TEXT = {
    'Each step: logp = step_logprobs(prefixes) is (n, V); candidate scores are score[:, None] + logp. Take the beam_width best of ALL n·V candidates (flatten, then topk; parent = idx // V, token = idx % V).':
        '每一步：logp = step_logprobs(prefixes) 形状为 (n, V)；候选分数是 score[:, None] + logp。在全部 n·V 个候选中取最好的 beam_width 个（展平后 topk；parent = idx // V，token = idx % V）。',
    'Keep the live beam as (tokens, score) pairs (or a (n, t) LongTensor and a (n,) score tensor) and a separate list of finished hypotheses. All live hypotheses have the same length, so they stack into (n, t).':
        '把存活的 beam 存成 (tokens, score) 对（或一个 (n, t) 的 LongTensor 加一个 (n,) 的分数张量），另存一个已完成假设的列表。所有存活假设长度相同，所以能堆叠成 (n, t)。',
    'Kept candidates ending in eos go to `finished` and leave the beam: the beam is simply smaller next step. Stop when it is empty or after max_new_tokens steps, then add the live ones to `finished`.':
        '保留下来的以 eos 结尾的候选放进 `finished` 并离开 beam：下一步 beam 就小一些。beam 为空或走完 max_new_tokens 步时停止，再把存活的加入 `finished`。',
    'Normalise each finished score by n_new ** length_penalty with n_new = len(tokens) - 1 (bos excluded, eos included) and return the best tokens with that normalised score.':
        '把每个已完成假设的分数除以 n_new ** length_penalty 归一化，其中 n_new = len(tokens) - 1（不含 bos，含 eos），返回最好的 tokens 及其归一化分数。',
    'a beam wider than all candidates finds the best hypothesis':
        '比全部候选还宽的 beam 能找到最好的假设',
    'a hypothesis finishes early: the beam shrinks':
        '有假设提前完成：beam 变小',
    'beam wider than the vocabulary':
        'beam 宽度大于词表',
    'beam_width = 1 (greedy)':
        'beam_width = 1（贪心）',
    'beam_width=1 is greedy decoding':
        'beam_width=1 就是贪心解码',
    'eos likely: the best ends at step 1':
        'eos 概率高：最好的假设在第 1 步就结束',
    'eos never chosen: all live at the end':
        '从不选 eos：最后全部存活',
    'expected (tokens: list[int], score: float), got {0}':
        '期望 (tokens: list[int], score: float)，得到的是 {0}',
    'finished hypotheses stay in the beam and keep being expanded past eos':
        '已完成的假设留在 beam 中，越过 eos 继续被扩展',
    "keeps each hypothesis' own top beam_width children instead of the global top beam_width":
        '每个假设各保留自己最好的 beam_width 个子节点，而不是全局前 beam_width 个',
    'length penalty counts bos (n_new counts only the tokens after bos)':
        '长度惩罚把 bos 也算进去了（n_new 只计 bos 之后的 token）',
    'length penalty excludes eos (n_new includes eos)':
        '长度惩罚没算 eos（n_new 包括 eos）',
    'length penalty excludes eos (n_new includes eos, so [bos, eos] has n_new = 1)':
        '长度惩罚没算 eos（n_new 包括 eos，所以 [bos, eos] 的 n_new = 1）',
    'length_penalty = 0':
        'length_penalty = 0',
    'length_penalty = 2':
        'length_penalty = 2',
    'max_new_tokens = 1':
        'max_new_tokens = 1',
    'never treats the hypotheses still live after max_new_tokens as finished':
        '走完 max_new_tokens 后仍存活的假设没有被当作已完成',
    'one model call per step':
        '每步调用一次模型',
    'peaked model (log-probs down to -100s)':
        '分布很尖的模型（log-prob 低至 -100 量级）',
    'refills the beam after a hypothesis finishes (finished ones leave; the beam keeps the rest of the global top beam_width)':
        '有假设完成后又把 beam 补满了（已完成的离开；beam 只保留全局前 beam_width 个中剩下的）',
    'returns the raw summed log-prob instead of the length-normalised score':
        '返回了原始的 log-prob 之和，而不是长度归一化后的分数',
    'runs past max_new_tokens':
        '超过了 max_new_tokens',
    'score = summed log-probs / n_new ** length_penalty':
        'score = log-prob 之和 / n_new ** length_penalty',
    'score should be a Python float (use .item()), got {0}':
        'score 应是 Python float（用 .item()），得到的是 {0}',
    'step_logprobs called once per hypothesis: call it once per step with the live beam stacked as (n, t)':
        '每个假设调用一次 step_logprobs：应每步调用一次，把存活的 beam 堆叠成 (n, t) 传入',
    'step_logprobs was called on prefixes of {0} tokens: with max_new_tokens={1} the last step extends prefixes of {2} tokens (bos and {3} new)':
        'step_logprobs 在 {0} 个 token 的前缀上被调用：max_new_tokens={1} 时最后一步扩展的是 {2} 个 token 的前缀（bos 加 {3} 个新 token）',
    'step_logprobs was called with {0} prefixes: the beam holds at most beam_width={1} live hypotheses (finished ones leave it; keep the global top beam_width)':
        'step_logprobs 被传入了 {0} 个前缀：beam 中最多有 beam_width={1} 个存活假设（已完成的会离开；保留全局前 beam_width 个）',
    'step_logprobs was called {0} times on prefixes of {1} tokens (shapes {2}{3}): call it once per step with all live hypotheses stacked as (n, t)':
        'step_logprobs 在 {1} 个 token 的前缀上被调用了 {0} 次（形状 {2}{3}）：应每步调用一次，把所有存活假设堆叠成 (n, t) 传入',
    'the best hypothesis is not a best child of each parent':
        '最好的假设并不是每个父节点最好的子节点',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, no penalty":
        '题目中的示例，无长度惩罚',
    "the score returned, {0}, is not the tokens' summed log-prob {1} / n_new ** length_penalty = {2} (n_new = {3}: the tokens after bos, eos included)":
        '返回的分数 {0} 不等于这些 token 的 log-prob 之和 {1} / n_new ** length_penalty = {2}（n_new = {3}：bos 之后的 token 数，含 eos）',
    'tokens should be Python ints (use .tolist()), got {0}':
        'tokens 应是 Python int（用 .tolist()），得到的是 {0}',
    'tokens {0} go on after eos={1}: a hypothesis ending in eos is finished':
        'tokens {0} 在 eos={1} 之后还在继续：以 eos 结尾的假设就已完成',
    'tokens {0} have {1} new tokens; max_new_tokens={2} allows 1 to {3}':
        'tokens {0} 有 {1} 个新 token；max_new_tokens={2} 只允许 1 到 {3} 个',
    'tokens {0} should start with bos={1}':
        'tokens {0} 应以 bos={1} 开头',
    'vocabulary of 1000':
        '词表大小为 1000',
    'well-formed hypothesis':
        '格式正确的假设',
    '{0} gives {1} with score {2}; got {3} with score {4}':
        '{0} 应得到 {1}，分数 {2}；实际得到 {3}，分数 {4}',
    'with beam_width=1 beam search is greedy decoding, which':
        'beam_width=1 时 beam search 就是贪心解码，它',
    'a beam of {0} (every candidate kept) must find the best of all hypotheses; enumerating them all':
        '宽度为 {0} 的 beam（保留所有候选）必须找到所有假设中最好的那个；枚举全部假设，它',
}
