"""中文 text of the cross_entropy drill."""
TEXT = {
    '4096 classes':
        '4096 个类别',
    'Clamping p to eps caps every loss at -log(eps). log p = z - log(sum(exp(z))), with z the logits minus their row max, is exact for any logits.':
        '把 p 截断到 eps 会让每个损失都封顶在 -log(eps)。log p = z - log(sum(exp(z)))（z 为 logits 减去该行最大值）对任何 logits 都是精确的。',
    "Ignored rows: build keep = target != ignore_index, index with a safe target (torch.where(keep, target, 0)) and zero those rows. Their target may be -100, which can't be used as an index.":
        '被忽略的行：先构造 keep = target != ignore_index，用安全的 target 做索引（torch.where(keep, target, 0)），再把这些行置零。它们的 target 可能是 -100，不能用作索引。',
    'Label smoothing mixes in eps/C of every class, the target included, each weighted by w[c]: loss_i = (1 - eps) * w[t] * nll_i + eps / C * sum_c w[c] * (-log p[i, c]).':
        '标签平滑给每个类别（包括 target）混入 eps/C，各自乘以 w[c]：loss_i = (1 - eps) * w[t] * nll_i + eps / C * sum_c w[c] * (-log p[i, c])。',
    "With weights, row i counts w[target_i]: the mean divides by the sum of the kept rows' target weights, not by N and not by the number of kept rows.":
        '有权重时，第 i 行计 w[target_i]：mean 除以保留行的 target 权重之和，既不是 N，也不是保留的行数。',
    'Work in log space: log p = z - log(sum(exp(z))) with z = logits - max. Never take the log of a probability: it underflows to 0 on extreme logits, and clamping it to eps caps the loss.':
        '在对数空间里算：log p = z - log(sum(exp(z)))，其中 z = logits - max。绝不要对概率取对数：logits 极端时概率会下溢为 0，而把它截断到 eps 又会让损失封顶。',
    'adding a constant to each row of logits changed the loss by {0}':
        '给 logits 的每一行加一个常数，损失变了 {0}',
    'all logits near +1e4: exp overflows':
        'logits 全部接近 +1e4：exp 上溢',
    'all logits near -1e4: exp underflows':
        'logits 全部接近 -1e4：exp 下溢',
    'class weights, mean':
        '类别权重，mean',
    'cross-entropy by clipping probabilities (log(clamp(softmax(x), eps))): the loss of a target far below the others is capped near -log(eps); compute log p with log-sum-exp':
        '通过截断概率算交叉熵（log(clamp(softmax(x), eps))）：远低于其他类别的 target，损失被封顶在 -log(eps) 附近；应该用 log-sum-exp 算 log p',
    'cross-entropy from log(softmax(x)): a target probability that underflows to 0 gives log(0) = -inf; compute log p = z - log(sum(exp(z))) instead':
        '用 log(softmax(x)) 算交叉熵：target 的概率下溢为 0 时得到 log(0) = -inf；应改为计算 log p = z - log(sum(exp(z)))',
    'ignore_index=-1, a class of weight 0, label_smoothing=1':
        'ignore_index=-1，有一个类别权重为 0，label_smoothing=1',
    "ignored rows counted in the mean's denominator (divide by the kept rows, not N)":
        '被忽略的行算进了 mean 的分母（应除以保留的行，而不是 N）',
    'indexed with the ignored targets (-100) before masking them: index with a safe target (torch.where(keep, target, 0)) and zero those rows':
        '在掩码之前就用被忽略的 target（-100）做了索引：应该用安全的 target 做索引（torch.where(keep, target, 0)），再把这些行置零',
    'label smoothing spread over the C-1 other classes instead of all C (eps/C goes to every class, the target included)':
        '标签平滑只分摊到其余 C-1 个类别，而不是全部 C 个（每个类别都分到 eps/C，包括 target）',
    'label smoothing, mean':
        '标签平滑，mean',
    "label-smoothing term not weighted: with `weight`, class c's share eps/C is multiplied by w[c]":
        '标签平滑项没有加权：有 `weight` 时，类别 c 分到的 eps/C 要乘以 w[c]',
    'log-softmax over the batch (dim 0) instead of the classes (dim 1)':
        '在 batch 维（dim 0）而不是类别维（dim 1）上做 log-softmax',
    "log-sum-exp without subtracting the row's max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when every logit is very negative":
        'log-sum-exp 没有减去该行最大值：logits 很大时 exp 上溢为 inf，所有 logit 都很负时下溢为 0（log(0) = -inf）',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    'logits ±1000':
        '±1000 的 logits',
    'one class':
        '只有一个类别',
    'one row':
        '只有一行',
    "plain mean instead of the weighted mean: with `weight`, 'mean' divides by the sum of the kept targets' weights":
        "用了普通平均而不是加权平均：有 `weight` 时，'mean' 要除以保留的 target 的权重之和",
    "reduction='none': the ignored row is 0":
        "reduction='none'：被忽略的行为 0",
    "reduction='sum' with weights and an ignored row":
        "reduction='sum'，带权重和一个被忽略的行",
    'rows ignored (-100), mean':
        '有被忽略的行（-100），mean',
    'rows independent':
        '各行相互独立',
    'shift invariance':
        '平移不变性',
    'stable far below the max':
        '远低于最大值时仍数值稳定',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'weights, smoothing and ignore_index=2 together':
        '权重、平滑和 ignore_index=2 同时使用',
    "with reduction='none', changing row 0 of logits changed another row's loss by {0}: each row's loss depends on its own logits only":
        "reduction='none' 时，改动 logits 的第 0 行，另一行的损失变了 {0}：每一行的损失只取决于它自己的 logits",
    "{0}. Rows 3 and 4 broke: exp(100) overflows and exp(-1e4) underflows; subtract each row's max first":
        '{0}。第 3、4 行出错了：exp(100) 上溢，exp(-1e4) 下溢；先减去每一行的最大值',
    '{0}. Targets 2000 and 3000 below the max get the same loss {1}: the probabilities were clipped':
        '{0}。比最大值低 2000 和 3000 的 target 得到了相同的损失 {1}：概率被截断了',
    '{0}. The loss of a target far below the max is about the gap: -log p[t] = logsumexp(x) - x[t]':
        '{0}。远低于最大值的 target，损失约等于差距：-log p[t] = logsumexp(x) - x[t]',
    "{0}. The target's probability underflowed to 0 and log(0) = -inf":
        '{0}。target 的概率下溢为 0，而 log(0) = -inf',
    "logits {0}, target {1}, reduction='none': losses {2}, expected {3}":
        "logits {0}，target {1}，reduction='none'：损失为 {2}，期望 {3}",
}
