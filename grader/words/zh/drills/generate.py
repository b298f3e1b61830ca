"""中文 text of the generate drill."""
TEXT = {
    '2000 copies of one prompt: greedy, EOS = 3, pad = 0':
        '同一个 prompt 复制 2000 份：贪心，EOS = 3，pad = 0',
    '2000 copies of one prompt: sampling at temperature 1, EOS = 4, pad = 1':
        '同一个 prompt 复制 2000 份：温度 1 采样，EOS = 4，pad = 1',
    '2000 copies of one prompt: top-k = 3 at temperature 0.7':
        '同一个 prompt 复制 2000 份：温度 0.7，top-k = 3',
    '2000 copies of one prompt: top-k = 4 then top-p = 0.8 at temperature 0.5':
        '同一个 prompt 复制 2000 份：温度 0.5，先 top-k = 4 再 top-p = 0.8',
    '2000 copies of one prompt: top-p = 0.7 at temperature 2 (it widens the nucleus)':
        '同一个 prompt 复制 2000 份：温度 2，top-p = 0.7（温度会扩大核）',
    '300 new tokens (positions up to 301)':
        '300 个新 token（位置最大到 301）',
    'After logits, cache = model(input_ids), each step is model(newest_tokens, cache) with newest_tokens of shape (B, 1): the cache already holds the keys and values of the prefix.':
        'logits, cache = model(input_ids) 之后，每一步都是 model(newest_tokens, cache)，newest_tokens 形状为 (B, 1)：cache 里已经存着前缀的 key 和 value。',
    'EOS not tracked per sequence: a sequence that produced EOS is padded from the next step on, while the others go on until each produces its own EOS or max_new_tokens':
        '没有按序列跟踪 EOS：生成了 EOS 的序列从下一步起填 padding，其他序列继续，直到各自生成 EOS 或达到 max_new_tokens',
    'Each step: choose token (B,); token = torch.where(done, pad_token_id, token); out[:, t] = token; done |= token == eos_token_id; stop when done.all(). Only then, if another token is needed: logits, cache = model(out[:, t:t + 1], cache) — the newest token alone.':
        '每一步：选出 token (B,)；token = torch.where(done, pad_token_id, token)；out[:, t] = token；done |= token == eos_token_id；done.all() 时停止。之后若还需要下一个 token：logits, cache = model(out[:, t:t + 1], cache)——只喂最新的 token。',
    'Greedy is scores.argmax(-1): no temperature, no filter, no generator.':
        '贪心就是 scores.argmax(-1)：不用温度、不过滤、不用 generator。',
    'Keep done = zeros(B, bool); after each step done |= token == eos_token_id, pad where done, and stop only when done.all().':
        '维护 done = zeros(B, bool)；每一步之后 done |= token == eos_token_id，done 的位置填 padding，只有 done.all() 时才停止。',
    'Sampling: scores / temperature first; top-k: masked_fill(scores < scores.topk(k).values[:, -1:], -inf); top-p: sort descending, probs.cumsum(-1) - probs >= top_p marks the removed ones, scatter that mask back with the sort order; then torch.multinomial(scores.softmax(-1), 1, generator=generator).':
        '采样：先 scores / temperature；top-k：masked_fill(scores < scores.topk(k).values[:, -1:], -inf)；top-p：降序排序，probs.cumsum(-1) - probs >= top_p 标出要去掉的，再用排序下标把掩码 scatter 回去；最后 torch.multinomial(scores.softmax(-1), 1, generator=generator)。',
    "Start with out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long, device=input_ids.device) and done = zeros(B, bool). Prefill once: logits, cache = model(input_ids); the next token's scores are logits[:, -1].":
        '先建 out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long, device=input_ids.device) 和 done = zeros(B, bool)。prefill 一次：logits, cache = model(input_ids)；下一个 token 的分数是 logits[:, -1]。',
    'each token follows the model and the rule':
        '每个 token 都符合模型和选取规则',
    'expected a long tensor of shape {0} (the new tokens), got {1}':
        '期望形状为 {0} 的 long 张量（新生成的 token），得到的是 {1}',
    'greedy on the tiny decoder':
        '在小型解码器上贪心解码',
    'model calls counted':
        '统计模型调用次数',
    'one new token':
        '只生成一个新 token',
    "sampling from torch's global random generator: pass generator= to every random call":
        '从 torch 的全局随机数生成器采样：每个随机调用都要传 generator=',
    'sampling, top-k 2 and top-p 0.9':
        '采样，top-k 2 且 top-p 0.9',
    'sequence {0} produced EOS ({1}) at step {2}, then {3}: every later position is pad_token_id={4}':
        '序列 {0} 在第 {2} 步生成了 EOS ({1})，之后却是 {3}：之后每个位置都应是 pad_token_id={4}',
    'sequence {0} step {1}: emitted {2} after the tokens {3} of its own, but the next token should be {4}':
        '序列 {0} 第 {1} 步：在它自己的 token {3} 之后输出了 {2}，但下一个 token 应是 {4}',
    'sequence {0} step {1}: emitted {2} after the tokens {3} of its own, but the next token should be {4} ({5})':
        '序列 {0} 第 {1} 步：在它自己的 token {3} 之后输出了 {2}，但下一个 token 应是 {4}（{5}）',
    'sequence {0} step {1}: token {2} is not in the vocabulary 0..{3}':
        '序列 {0} 第 {1} 步：token {2} 不在词表 0..{3} 内',
    'temperature applied after filtering: divide the scores by it BEFORE top-k and top-p (it changes which tokens make up the nucleus)':
        '在过滤之后才应用温度：要在 top-k 和 top-p 之前就把分数除以温度（温度会改变哪些 token 构成核）',
    'temperature ignored':
        '忽略了温度',
    'the batch':
        'batch 大小',
    'the model is called after the last token was chosen (or after every sequence ended)':
        '选出最后一个 token 之后（或所有序列都结束之后）还在调用模型',
    'the prefix is fed to the model again at every step (no cache): after the prefill, feed only the newest token (B, 1) with the cache the model returned':
        '每一步都把前缀重新喂给模型（没用 cache）：prefill 之后只喂最新的 token (B, 1)，连同模型返回的 cache',
    "the prompt's example":
        '题目中的示例',
    "every sequence ends before max_new_tokens":
        '每个序列都在 max_new_tokens 之前结束',
    "the prompt's example, no EOS":
        '题目中的示例，没有 EOS',
    "torch's global random state changed during the call: every draw must come from `generator` (torch.multinomial(..., generator=generator))":
        '调用期间 torch 的全局随机状态被改变了：每次采样都必须来自 `generator`（torch.multinomial(..., generator=generator)）',
    "torch's global random state untouched":
        '不动 torch 的全局随机状态',
    "torch.multinomial(probs, 1, generator=generator): without generator= it draws from torch's global generator, and the same seeded generator no longer repeats the output.":
        'torch.multinomial(probs, 1, generator=generator)：不传 generator= 就会从 torch 的全局生成器采样，同一个设好种子的 generator 也就无法复现输出。',
    'the model was called {0} times, fed {1} tokens in all ((B, T, cached) of the first calls: {2}); choosing {3} tokens for {4} sequences takes {5} calls and {6} tokens: the prompt once, then the newest token of each sequence ({7}...)':
        '模型被调用了 {0} 次，共喂入 {1} 个 token（前几次调用的 (B, T, 已缓存数)：{2}）；为 {4} 条序列选 {3} 个 token 需要 {5} 次调用、{6} 个 token：prompt 一次，之后每次只喂每条序列最新的 token（{7}...）',
    'the model was called {0} times, fed {1} tokens in all ((B, T, cached) of the first calls: {2}); choosing {3} tokens for {4} sequences takes {5} calls and {6} tokens: the prompt once, then the newest token of each sequence ({7}...). The first call is model(input_ids) on the whole prompt, cache None':
        '模型被调用了 {0} 次，共喂入 {1} 个 token（前几次调用的 (B, T, 已缓存数)：{2}）；为 {4} 条序列选 {3} 个 token 需要 {5} 次调用、{6} 个 token：prompt 一次，之后每次只喂每条序列最新的 token（{7}...）。第一次调用应是在整个 prompt 上的 model(input_ids)，cache 为 None',
    'the argmax of the scores':
        '分数的 argmax',
    'a token kept by temperature, top-k, top-p':
        '经 temperature、top-k、top-p 筛选后保留下来的 token',
}
