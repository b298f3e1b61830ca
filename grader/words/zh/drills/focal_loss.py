"""中文 text of the focal_loss drill."""
TEXT = {
    "Start from binary cross-entropy on the logits, made stable: log(sigmoid(x)) = F.logsigmoid(x) and log(1 - sigmoid(x)) = F.logsigmoid(-x) (or F.binary_cross_entropy_with_logits(..., reduction='none')).":
        "从基于 logits 的二分类交叉熵出发，并保证数值稳定：log(sigmoid(x)) = F.logsigmoid(x)，log(1 - sigmoid(x)) = F.logsigmoid(-x)（或用 F.binary_cross_entropy_with_logits(..., reduction='none')）。",
    '`reduction` ignored (always the mean)':
        '忽略了 `reduction`（总是取平均）',
    'all negatives':
        '全是负样本',
    'all positives, gamma=0.5':
        '全是正样本，gamma=0.5',
    'alpha < 0 should switch the class weighting off (alpha_t = 1)':
        'alpha < 0 时应关闭类别加权（alpha_t = 1）',
    'alpha < 0: no weighting':
        'alpha < 0：不加权',
    'alpha and 1 - alpha swapped: alpha weights the positives (t = 1)':
        'alpha 和 1 - alpha 弄反了：alpha 是正样本（t = 1）的权重',
    'alpha applied to both classes the same way: alpha_t = alpha for positives, 1 - alpha for negatives':
        '两个类别都用了同样的 alpha：正样本 alpha_t = alpha，负样本为 1 - alpha',
    'alpha weights the classes differently: alpha_t = alpha·t + (1 - alpha)·(1 - t), and only when alpha >= 0. Then reduce: mean, sum, or none.':
        'alpha 给两个类别不同的权重：alpha_t = alpha·t + (1 - alpha)·(1 - t)，且仅在 alpha >= 0 时生效。然后归约：mean、sum 或 none。',
    "changing logits[0] changed the loss of other elements (reduction='none'): each element's loss depends on its own logit only":
        "改动 logits[0]，其他元素的损失也变了（reduction='none'）：每个元素的损失只取决于它自己的 logit",
    'elements independent':
        '各元素相互独立',
    'gamma on 1 - p instead of 1 - p_t: for negatives the true-class probability is 1 - p':
        'gamma 作用在 1 - p 而不是 1 - p_t 上：对负样本，真实类别的概率是 1 - p',
    'gamma on p instead of 1 - p_t':
        'gamma 作用在 p 而不是 1 - p_t 上',
    'gamma on p_t instead of 1 - p_t: the factor is (1 - p_t) ** gamma':
        'gamma 作用在 p_t 而不是 1 - p_t 上：因子是 (1 - p_t) ** gamma',
    'gamma=0, alpha<0 is binary cross-entropy':
        'gamma=0、alpha<0 时即二分类交叉熵',
    'gamma=0, sum':
        'gamma=0，sum',
    'log(sigmoid(x)) = -softplus(-x) = F.logsigmoid(x), and log(1 - sigmoid(x)) = F.logsigmoid(-x): both exact at any |x|.':
        'log(sigmoid(x)) = -softplus(-x) = F.logsigmoid(x)，log(1 - sigmoid(x)) = F.logsigmoid(-x)：两者对任何 |x| 都精确。',
    'log(sigmoid(x)) is unstable: sigmoid underflows to 0 (or rounds to 1) at large |x| and the log gives -inf, or a clamp gives a wrong finite value; use F.logsigmoid(x) / F.logsigmoid(-x) or F.binary_cross_entropy_with_logits':
        'log(sigmoid(x)) 数值不稳定：|x| 很大时 sigmoid 下溢为 0（或舍入为 1），取 log 得到 -inf，而 clamp 又会得到错误的有限值；应该用 F.logsigmoid(x) / F.logsigmoid(-x) 或 F.binary_cross_entropy_with_logits',
    'logits near ±1e4':
        '接近 ±1e4 的 logits',
    'logits near ±1e4, gamma=0.5, no weighting':
        '接近 ±1e4 的 logits，gamma=0.5，不加权',
    'logits ±200, confidently wrong and right':
        '±200 的 logits，有把握地错和有把握地对',
    'non-negative':
        '非负',
    'one element':
        '只有一个元素',
    'p_t = p·t + (1 - p)·(1 - t) is the probability of the true class; multiply the cross-entropy by (1 - p_t) ** gamma — 1 - p_t, not p: a confident correct prediction should count little.':
        'p_t = p·t + (1 - p)·(1 - t) 是真实类别的概率；交叉熵要乘以 (1 - p_t) ** gamma——是 1 - p_t，不是 p：有把握且正确的预测应该只占很小的分量。',
    "reduction='none'":
        "reduction='none'",
    "reduction='{0}' gave {1}, but the {2} of the reduction='none' losses is {3} (expected a 0-d tensor)":
        "reduction='{0}' 得到 {1}，但 reduction='none' 各项损失的 {2} 是 {3}（应为 0 维张量）",
    'reductions agree':
        '各种归约结果一致',
    'the elements':
        '元素个数',
    'the modulating factor (1 - p_t) ** gamma is missing':
        '缺了调制因子 (1 - p_t) ** gamma',
    "the prompt's example":
        '题目中的示例',
    'with alpha={0} a loss is negative: {1}':
        'alpha={0} 时有损失为负：{1}',
    'with gamma=0 and alpha=-1 (no weighting) the focal loss is binary cross-entropy: expected {0}, got {1}':
        'gamma=0 且 alpha=-1（不加权）时 focal loss 就是二分类交叉熵：期望 {0}，得到的是 {1}',
}
