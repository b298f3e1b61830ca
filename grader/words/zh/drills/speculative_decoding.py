"""中文 text of the speculative_decoding drill."""
TEXT = {
    "(target_probs[:, i] - draft_probs[:, i]).clamp(min=0) makes a new tensor; .sub_() and .clamp_() write into the caller's probabilities.":
        '(target_probs[:, i] - draft_probs[:, i]).clamp(min=0) 会生成新张量；.sub_() 和 .clamp_() 会写进调用者的概率。',
    '2000 rows of a target with zeros where the draft has mass (K = 2, V = 5)':
        '2000 行，目标分布在草稿有概率质量的地方为零（K = 2，V = 5）',
    '2000 rows of a uniform draft (K = 1, V = 4)':
        '2000 行，均匀的草稿分布（K = 1，V = 4）',
    '2000 rows of draft = target (every draft accepted, a bonus every time)':
        '2000 行，草稿 = 目标（每个草稿都被接受，每次都有 bonus token）',
    '2000 rows of draft and target apart (K = 3, V = 6)':
        '2000 行，草稿与目标差别较大（K = 3，V = 6）',
    '6 rows, K = 3':
        '6 行，K = 3',
    "A row whose K drafts all pass still draws one more token, from target_probs[:, K]: it comes free with the target's forward pass.":
        'K 个草稿全部通过的行仍要再采样一个 token，从 target_probs[:, K] 中采：它随目标模型的前向传播免费得到。',
    'Accept draft x_i with probability min(1, p_i(x_i) / q_i(x_i)): u * q < p with u uniform.':
        '以概率 min(1, p_i(x_i) / q_i(x_i)) 接受草稿 x_i：u 均匀分布，u * q < p 即接受。',
    'At a rejection the draft already covered min(p, q): draw from the part of p it did not cover, (p_i - q_i).clamp(min=0), normalised.':
        '被拒绝时，草稿已经覆盖了 min(p, q)：要从 p 中没被覆盖的那部分 (p_i - q_i).clamp(min=0) 归一化后采样。',
    'Each row draws exactly one more token: from (p_n - q_n).clamp(min=0) if n < K, else from p_K. Stack the residuals and p_K into (B, K + 1, V), pick row n of each, one torch.multinomial(..., generator=generator).':
        '每行恰好再采样一个 token：n < K 时从 (p_n - q_n).clamp(min=0) 中采，否则从 p_K 中采。把残差和 p_K 堆叠成 (B, K + 1, V)，每行取第 n 个，一次 torch.multinomial(..., generator=generator)。',
    "Gather each draft's probabilities: p = target_probs[:, :K].gather(-1, draft_tokens[..., None]).squeeze(-1), q likewise from draft_probs. Accept where u * q < p with u = torch.rand(B, K, generator=generator).":
        'gather 出每个草稿 token 的概率：p = target_probs[:, :K].gather(-1, draft_tokens[..., None]).squeeze(-1)，q 同理从 draft_probs 中取。u = torch.rand(B, K, generator=generator)，u * q < p 处接受。',
    'K = 1, V = 2':
        'K = 1，V = 2',
    'The number accepted is the run of acceptances before the first rejection: n = accepted.long().cumprod(-1).sum(-1).':
        '接受的个数是第一次拒绝之前连续接受的个数：n = accepted.long().cumprod(-1).sum(-1)。',
    'a draft with p >= q is accepted':
        'p >= q 的草稿 token 一定被接受',
    'a resampled token has p > q':
        '重采样出的 token 满足 p > q',
    "acceptance ratio inverted: accept with probability min(1, p / q), p the target's probability, q the draft's":
        '接受率写反了：接受概率为 min(1, p / q)，p 是目标模型的概率，q 是草稿模型的',
    'an input changed in place (sub_, clamp_, or an assignment into target_probs): compute the residual into a new tensor':
        '原地修改了输入（sub_、clamp_，或对 target_probs 赋值）：要把残差算到新张量里',
    "bonus token drawn from target_probs[:, K - 1]: it comes from the target's distribution after the last draft, target_probs[:, K]":
        'bonus token 是从 target_probs[:, K - 1] 中采的：它应来自目标模型在最后一个草稿之后的分布 target_probs[:, K]',
    'drafts accepted iff p >= q, without a random draw: accept with probability min(1, p / q)':
        '当且仅当 p >= q 时接受草稿，没有随机采样：应以概率 min(1, p / q) 接受',
    "drafts accepted when they are the target's most likely token (argmax) instead of with probability min(1, p / q)":
        '草稿是目标模型最可能的 token (argmax) 时才接受，而不是以概率 min(1, p / q) 接受',
    'drafts after the first rejection still counted: n_accepted counts the accepted drafts BEFORE the first rejection (cumprod, not sum)':
        '第一次拒绝之后的草稿仍被计数：n_accepted 只统计第一次拒绝之前被接受的草稿（用 cumprod，而不是 sum）',
    'drafts kept, then one token, then -1':
        '先是保留的草稿，然后一个 token，然后是 -1',
    'expected tokens of shape {0} and n_accepted of shape {1}, got {2} and {3}':
        '期望 tokens 形状为 {0}、n_accepted 形状为 {1}，得到的是 {2} 和 {3}',
    'no bonus token: when all K drafts are accepted, one more token is drawn from target_probs[:, K]':
        '没有 bonus token：K 个草稿全部被接受时，要再从 target_probs[:, K] 中采样一个 token',
    'on rejection, resampled from the target p instead of the residual norm(max(0, p - q))':
        '被拒绝时从目标分布 p 重采样，而不是从残差 norm(max(0, p - q)) 中采样',
    'one row, peaked distributions':
        '单行，很尖的分布',
    'p = q everywhere: all accepted':
        '处处 p = q：全部接受',
    'residual reversed: resample from norm(max(0, p - q)), not max(0, q - p)':
        '残差写反了：应从 norm(max(0, p - q)) 重采样，而不是 max(0, q - p)',
    'row {0}: draft {1} at position {2} has p = {3} >= q = {4}, so it is accepted with probability min(1, p / q) = 1, but n_accepted is {5}':
        '第 {0} 行：位置 {2} 的草稿 {1} 有 p = {3} >= q = {4}，所以它以概率 min(1, p / q) = 1 被接受，但 n_accepted 是 {5}',
    'row {0}: n_accepted is {1} but tokens {2} do not start with the drafts {3}':
        '第 {0} 行：n_accepted 是 {1}，但 tokens {2} 并不以草稿 {3} 开头',
    'row {0}: n_accepted is {1}, outside 0..{2}':
        '第 {0} 行：n_accepted 是 {1}，超出了 0..{2}',
    'row {0}: rejected at position {1}, then drew token {2}, where p = {3} and q = {4}: the residual max(0, p - q) gives it probability 0':
        '第 {0} 行：在位置 {1} 被拒绝，然后采到了 token {2}，而它的 p = {3}、q = {4}：残差 max(0, p - q) 给它的概率是 0',
    'row {0}: tokens {1} with n_accepted {2}: every index after {3} should be -1':
        '第 {0} 行：tokens {1}，n_accepted 为 {2}：下标 {3} 之后都应是 -1',
    'row {0}: tokens {1} with n_accepted {2}: index {3} should hold the token drawn (0..{4})':
        '第 {0} 行：tokens {1}，n_accepted 为 {2}：下标 {3} 处应是采样得到的 token（0..{4}）',
    'speculative_step should return (tokens, n_accepted)':
        'speculative_step 应返回 (tokens, n_accepted)',
    "the prompt's example: each outcome with probability 1/3":
        '题目中的示例：每种结果的概率都是 1/3',
    "the prompt's example: p >= q for both drafts":
        '题目中的示例：两个草稿都满足 p >= q',
    'the rows':
        '行数',
    'tokens = where(arange(K + 1) < n[:, None], drafts padded to K + 1, -1), then tokens.scatter(1, n[:, None], drawn[:, None]); return tokens, n.':
        'tokens = where(arange(K + 1) < n[:, None], 填充到 K + 1 的草稿, -1)，再 tokens.scatter(1, n[:, None], drawn[:, None])；return tokens, n。',
    'zeros in p and q':
        'p 和 q 中有零',
}
