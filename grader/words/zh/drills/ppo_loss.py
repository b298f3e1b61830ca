"""中文 text of the ppo_loss drill."""
TEXT = {
    'Masked token mean: (per_token * mask).sum() / mask.sum() — divide by the number of real tokens, not by B * S.':
        '带掩码的 token 平均：(per_token * mask).sum() / mask.sum()，除以真实 token 数，而不是 B * S。',
    'Objective per token: min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A). The loss is its negative, so the min of the objectives becomes the MAX of the negated terms.':
        '每个 token 的目标：min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A)。损失是它的相反数，所以目标的 min 变成了取负后各项的 max。',
    'advantages near ±1000':
        '接近 ±1000 的优势',
    'changing only the padding tokens (mask False) changed the loss from {0} to {1}: padding must not count':
        '只改变 padding token（mask 为 False）后损失从 {0} 变成了 {1}：padding 不能计入',
    'clipped the product ratio * A instead of the ratio':
        '裁剪的是乘积 ratio * A，而不是比值',
    'masked sum divided by B * S instead of by the number of real tokens':
        '掩码后的和除以了 B * S，而不是真实 token 数',
    'mean of per-sequence means; the loss is one mean over all real tokens of the batch':
        '对各序列的平均值再取平均；损失是对 batch 中所有真实 token 取的一个平均',
    'mean over all tokens, padding included: average over the real tokens (mask) only':
        '对所有 token（包括 padding）取了平均：只应对真实 token（mask）取平均',
    'min instead of max on the negated objective: the loss is -min(ratio*A, clip(ratio)*A) = max(-ratio*A, -clip(ratio)*A)':
        '对取负后的目标用了 min 而不是 max：损失是 -min(ratio*A, clip(ratio)*A) = max(-ratio*A, -clip(ratio)*A)',
    'no clipping: the clipped surrogate clip(ratio, 1 - eps, 1 + eps) * A is left out':
        '没有裁剪：漏掉了裁剪后的代理目标 clip(ratio, 1 - eps, 1 + eps) * A',
    'no padding, clip_eps = 0.1':
        '没有 padding，clip_eps = 0.1',
    'objective returned, not negated: return the LOSS -min(...) to minimise':
        '返回了目标而没有取负：应返回要最小化的损失 -min(...)',
    'one token':
        '只有一个 token',
    'only the clipped surrogate used: take the min with the unclipped one':
        '只用了裁剪后的代理目标：要和未裁剪的那个取 min',
    'padding anywhere; sequence 1 is all padding':
        'padding 位置任意；序列 1 全是 padding',
    'padding is ignored':
        'padding 不计入',
    'ratio = exp(logp_new - logp_old): a difference of log-probs is the log of the probability ratio.':
        'ratio = exp(logp_new - logp_old)：对数概率之差就是概率比值的对数。',
    'ratio as logp_new / logp_old: log-probs are subtracted, ratio = exp(logp_new - logp_old)':
        '把比值算成了 logp_new / logp_old：对数概率应相减，ratio = exp(logp_new - logp_old)',
    'ratios of e^30 and e^-30 with advantages of both signs: clipping must hold':
        '比值为 e^30 和 e^-30，优势有正有负：裁剪必须生效',
    'ratios past both clip bounds, advantages of both signs; rows of 4 and 2 real tokens':
        '比值越过了裁剪的上下两个边界，优势有正有负；各行分别有 4 和 2 个真实 token',
    'sequences of 4096 tokens, one of 17 real':
        '4096 个 token 的序列，其中一条只有 17 个真实 token',
    "the prompt's example":
        '题目中的示例',
    'the sequences':
        '序列数',
    'unchanged policy gives minus the mean advantage':
        '策略不变时损失等于平均优势的相反数',
    'with logp_new == logp_old every ratio is 1, so the loss is minus the mean advantage over real tokens, {0}; got {1}':
        'logp_new == logp_old 时每个比值都是 1，所以损失应是真实 token 上平均优势的相反数 {0}；实际得到 {1}',
}
