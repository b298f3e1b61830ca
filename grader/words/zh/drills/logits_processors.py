"""中文 text of the logits_processors drill."""
TEXT = {
    '2000 tokens so far, V = 1000':
        '已有 2000 个 token，V = 1000',
    'Dividing -2 by 2 gives -1, a larger logit. For a negative logit the penalty multiplies: torch.where(x > 0, x / penalty, x * penalty).':
        '-2 除以 2 得 -1，logit 反而变大了。对负的 logit，惩罚要用乘法：torch.where(x > 0, x / penalty, x * penalty)。',
    'For n = 2 the prefix is the single last token: look for earlier places where it occurs and forbid what came right after it.':
        'n = 2 时前缀就是最后一个 token：找出它之前出现过的位置，禁止紧跟在它后面的 token。',
    'V = 50000, 1500 tokens of 3 ids':
        'V = 50000，1500 个 token，只有 3 种 id',
    'V = 50000, 64 tokens so far':
        'V = 50000，已有 64 个 token',
    'a flat row: every token stays':
        '平坦的一行：所有 token 都保留',
    'a negative presence penalty':
        '负的 presence penalty',
    'a token seen four times':
        '出现了四次的 token',
    'changing the logits and the ids of row 0 changed the output of other rows: each sequence is penalised by its own tokens':
        '改动第 0 行的 logits 和 id 后，其他行的输出也变了：每条序列只按它自己的 token 惩罚',
    'every seen logit divided by the penalty: a negative logit then moves towards 0 and the token gets MORE likely; multiply the negative ones':
        '所有出现过的 logit 都除以了 penalty：负的 logit 会因此向 0 靠近，token 反而更可能被选中；负的要乘',
    'every seen logit multiplied by the penalty: a positive logit then grows and the token gets MORE likely; divide the positive ones':
        '所有出现过的 logit 都乘以了 penalty：正的 logit 会因此变大，token 反而更可能被选中；正的要除',
    "expected a tensor of the logits' shape {0}, got {1}":
        '期望与 logits 形状相同的张量 {0}，得到的是 {1}',
    'fewer tokens than n not handled: with T < n no n-gram exists yet and nothing is forbidden':
        '没有处理 token 数少于 n 的情况：T < n 时还不存在任何 n-gram，什么都不禁止',
    'fewer tokens than n: nothing forbidden':
        'token 数少于 n：什么都不禁止',
    'frequency only: paid per occurrence':
        '只有 frequency penalty：每出现一次扣一次',
    'gather then scatter with input_ids writes each seen token once, whatever its count; a loop over the positions that penalises again each time applies penalty ** count.':
        '用 input_ids 先 gather 再 scatter，每个出现过的 token 只写一次，不论次数；对位置循环、每次都再惩罚一遍，相当于施加了 penalty ** count。',
    'logits near ±1000':
        '接近 ±1000 的 logits',
    'long rows (V = 50000)':
        '很长的行 (V = 50000)',
    'min_p near 1 keeps only the top token':
        'min_p 接近 1 时只保留最大的 token',
    "min_p scales with the model's confidence: threshold = min_p * probs.amax(-1, keepdim=True).":
        'min_p 随模型的置信度缩放：threshold = min_p * probs.amax(-1, keepdim=True)。',
    'min_p_filter: probs = softmax(logits); remove where probs < min_p * probs.amax(-1, keepdim=True): the threshold is relative to the top token, so the top token always stays.':
        'min_p_filter：probs = softmax(logits)；去掉 probs < min_p * probs.amax(-1, keepdim=True) 的位置：阈值是相对最大 token 而言的，所以最大的 token 总会保留。',
    'n = 1 forbids every token seen':
        'n = 1 禁止所有出现过的 token',
    "n-gram off by one: the prefix to match is the row's last n - 1 tokens, and the token after it makes the n-gram":
        'n-gram 差一错误：要匹配的前缀是该行最后 n - 1 个 token，加上其后的 token 才构成 n-gram',
    'no n-gram repeats':
        '没有重复的 n-gram',
    'no_repeat_ngram: grams = input_ids.unfold(1, n, 1) is (B, T - n + 1, n), every n-gram; a gram matches when its first n - 1 tokens equal input_ids[:, T - n + 1:]; forbid the last token of every match. If T < n, return a copy.':
        'no_repeat_ngram：grams = input_ids.unfold(1, n, 1) 形状为 (B, T - n + 1, n)，即所有 n-gram；前 n - 1 个 token 等于 input_ids[:, T - n + 1:] 的 gram 即为匹配；禁止每个匹配的最后一个 token。若 T < n，返回一份副本。',
    'only tokens of the row forbidden':
        '只禁止该行的 token',
    'penalties added to the logits instead of subtracted':
        '惩罚加到了 logits 上，而不是减去',
    'penalty 1 changes nothing':
        'penalty 为 1 时什么都不变',
    'penalty < 1 makes seen tokens more likely':
        'penalty < 1 让出现过的 token 更可能被选中',
    'presence and frequency penalties swapped':
        'presence penalty 和 frequency penalty 弄反了',
    'presence only: paid once':
        '只有 presence penalty：只扣一次',
    'presence_frequency_penalty: counts = torch.zeros_like(logits).scatter_add(1, input_ids, ones) is (B, V); subtract frequency_penalty * counts and presence_penalty * (counts > 0).':
        'presence_frequency_penalty：counts = torch.zeros_like(logits).scatter_add(1, input_ids, ones) 形状为 (B, V)；减去 frequency_penalty * counts 和 presence_penalty * (counts > 0)。',
    'removed tokens set to 0 instead of -inf (0 is still a valid logit)':
        '被去掉的 token 设成了 0 而不是 -inf（0 仍是合法的 logit）',
    'repetition_penalty: seen = logits.gather(1, input_ids) is (B, T), a token seen twice gathered twice; torch.where(seen > 0, seen / penalty, seen * penalty); logits.scatter(1, input_ids, seen) writes each seen token once (duplicates write the same value).':
        'repetition_penalty：seen = logits.gather(1, input_ids) 形状为 (B, T)，出现两次的 token 会被 gather 两次；torch.where(seen > 0, seen / penalty, seen * penalty)；logits.scatter(1, input_ids, seen) 对每个出现过的 token 只写一次（重复的写入的是同一个值）。',
    'rows independent':
        '各行相互独立',
    'sign rule reversed: a positive logit is divided by the penalty, a negative one multiplied':
        '符号规则弄反了：正的 logit 除以 penalty，负的乘以 penalty',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    'the batch':
        'batch 大小',
    "the caller's logits changed in place (masked_fill_ or logits[...] = ...): make a new tensor":
        '原地改动了调用者的 logits（masked_fill_ 或 logits[...] = ...）：要生成新张量',
    "the caller's logits changed in place (scatter_, masked_fill_, logits[...] = ...): make a new tensor":
        '原地改动了调用者的 logits（scatter_、masked_fill_、logits[...] = ...）：要生成新张量',
    "the frequency penalty paid once per token: it is multiplied by the token's count":
        'frequency penalty 每个 token 只扣了一次：它应乘以该 token 的出现次数',
    'the most likely token of row {0} was removed: its probability is the largest, so it is >= min_p times the largest and always stays':
        '第 {0} 行最可能的 token 被去掉了：它的概率最大，所以必然 >= min_p 乘以最大概率，总会保留',
    'the n-gram ending at the last token counts':
        '以最后一个 token 结尾的 n-gram 也算',
    'the n-gram ending at the last token is left out: every n-gram of the row counts':
        '漏掉了以最后一个 token 结尾的 n-gram：该行所有 n-gram 都算',
    'the penalty applied to every token of the vocabulary: only the tokens seen in the row are penalised':
        '惩罚作用在了词表中的所有 token 上：只有该行出现过的 token 才受惩罚',
    "the presence penalty paid once per occurrence: it is paid once by every token that appears, however often (that is the frequency penalty's job)":
        'presence penalty 每出现一次扣一次：它对每个出现过的 token 只扣一次，不论次数（按次数扣是 frequency penalty 的事）',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, n = 2":
        '题目中的示例，n = 2',
    "the prompt's example, n = 3":
        '题目中的示例，n = 3',
    'the repetition penalty applied once per occurrence (penalty ** count): a token seen three times is still divided (or multiplied) by the penalty once':
        '重复惩罚每出现一次施加一次 (penalty ** count)：出现三次的 token 也只除以（或乘以）penalty 一次',
    "threshold min_p taken as an absolute probability: it is min_p times the row's largest probability":
        '把 min_p 当成了绝对概率阈值：阈值应是 min_p 乘以该行最大的概率',
    'top token always kept':
        '最大的 token 总会保留',
    'two tokens tied at the top':
        '两个 token 并列最大',
    'unseen tokens unchanged':
        '没出现过的 token 不变',
    'vocabulary of 1':
        '词表大小为 1',
    'zero logits stay zero':
        '为 0 的 logits 保持为 0',
    'token {0} does not appear in row {1} of input_ids, yet its logit changed from {2} to {3}: only the tokens seen are penalised':
        'token {0} 不在 input_ids 的第 {1} 行中，但它的 logit 从 {2} 变成了 {3}：只有出现过的 token 才受惩罚',
    'token {0} was changed in row {1}, which never contains it: only a token that completes an n-gram already in the row is forbidden':
        'token {0} 在第 {1} 行中被改动了，而该行从未包含它：只有能补全该行中已有 n-gram 的 token 才被禁止',
    'kept = the most likely tokens':
        '保留的 = 概率最大的 token',
    'min-p keeps the tokens ABOVE a threshold':
        'min-p 保留的是高于阈值的 token',
}
