"""中文 text of the kl_estimators drill."""
TEXT = {
    '(2, 3, 4): a policy close to the reference; compared: k1, k2, k3':
        '(2, 3, 4)：策略与参考模型很接近；比较：k1, k2, k3',
    '(2, 4096); compared: k1, k2, k3':
        '(2, 4096)；比较：k1, k2, k3',
    '(3, 5) tokens, log-ratios of both signs; compared: k1, k2, k3':
        '(3, 5) 个 token，对数比值有正有负；比较：k1, k2, k3',
    'Everything is a function of one number per token: log r = logp_ref - logp, the log of π_ref / π.':
        '一切都是每个 token 上一个数的函数：log r = logp_ref - logp，即 π_ref / π 的对数。',
    'Mind the direction: r is π_ref over π (reference over policy), because the tokens come from π and E_π[r] = 1, which is what makes k3 unbiased.':
        '注意方向：r 是 π_ref 比 π（参考模型比策略），因为 token 采样自 π，而 E_π[r] = 1，正是这一点让 k3 无偏。',
    'compared: k1, k2, k3':
        '比较：k1, k2, k3',
    'k1 = -log r and k2 = (log r)² / 2. k3 = (r - 1) - log r with r = exp(log r): it is never negative, since e^t >= 1 + t.':
        'k1 = -log r，k2 = (log r)² / 2。k3 = (r - 1) - log r，其中 r = exp(log r)：因为 e^t >= 1 + t，它永远不会为负。',
    'k1 and k3 are unbiased (exact expectation)':
        'k1 和 k3 无偏（精确期望）',
    "k1's sign: k1 = -log r = logp - logp_ref (a positive KL when π puts more mass on its own samples)":
        'k1 的符号：k1 = -log r = logp - logp_ref（π 在自己的样本上概率更大时 KL 为正）',
    'k2 and k3 are never negative':
        'k2 和 k3 永不为负',
    'k2 without the 1/2: k2 = (log r)² / 2':
        'k2 漏了 1/2：k2 = (log r)² / 2',
    "k3's sign: k3 = (r - 1) - log r (the log term is subtracted; k3 is never negative)":
        'k3 的符号：k3 = (r - 1) - log r（对数项是减去的；k3 永不为负）',
    'log-probs down to -200: exp(logp) underflows to 0; compared: k1, k2, k3':
        '对数概率低至 -200：exp(logp) 下溢成 0；比较：k1, k2, k3',
    'log-ratios -2.9, +3.8, 0, -0.2; compared: k1, k2, k3':
        '对数比值为 -2.9、+3.8、0、-0.2；比较：k1, k2, k3',
    'log-ratios of +30, -30 and 1e-4; compared: k1, k2, k3':
        '对数比值为 +30、-30 和 1e-4；比较：k1, k2, k3',
    'log_r = logp_ref - logp; return -log_r, log_r ** 2 / 2, log_r.exp() - 1 - log_r':
        'log_r = logp_ref - logp；然后 return -log_r, log_r ** 2 / 2, log_r.exp() - 1 - log_r',
    'one token; compared: k1, k2, k3':
        '一个 token；比较：k1, k2, k3',
    'ratio inverted: r = π_ref / π, so log r = logp_ref - logp (the tokens come from π)':
        '比值倒过来了：r = π_ref / π，所以 log r = logp_ref - logp（token 采样自 π）',
    'ratio taken of probabilities, exp(logp_ref) / exp(logp): both underflow to 0 for log-probs near -200; use exp(logp_ref - logp)':
        '用概率求比值 exp(logp_ref) / exp(logp)：对数概率接近 -200 时两者都下溢成 0；请用 exp(logp_ref - logp)',
    "the prompt's example; compared: k1, k2, k3":
        '题目中的示例；比较：k1, k2, k3',
    'the rows':
        '行数',
    '{0} has a negative estimate, {1}: (log r)² / 2 >= 0 and (r - 1) - log r >= 0 for every r > 0':
        '{0} 出现了负的估计值 {1}：对任意 r > 0，(log r)² / 2 >= 0 且 (r - 1) - log r >= 0',
    '{0} is biased: over a vocabulary of {1} tokens, Σ_x π(x)·{2}(x) = {3} but KL(π ‖ π_ref) = {4} (row {5}); with x ~ π, E[{6}] must be the KL — check the direction of the ratio r = π_ref / π':
        '{0} 有偏：在 {1} 个 token 的词表上，Σ_x π(x)·{2}(x) = {3}，但 KL(π ‖ π_ref) = {4}（第 {5} 行）；x ~ π 时 E[{6}] 必须等于 KL，请检查比值 r = π_ref / π 的方向',
}
