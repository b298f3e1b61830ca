"""中文 text of the reward_model_loss drill."""
TEXT = {
    '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid':
        '-log(sigmoid(z)) 会下溢：z 很负时 sigmoid(z) 为 0，而 log(0) = -inf；请用 F.logsigmoid',
    '4096 pairs':
        '4096 对',
    'Bradley–Terry: the probability that the chosen response wins is sigmoid(r_chosen - r_rejected); the loss is its negative log-likelihood, averaged over the pairs.':
        'Bradley–Terry：chosen 回复胜出的概率是 sigmoid(r_chosen - r_rejected)；损失是它的负对数似然，对各对取平均。',
    'The margin raises the bar: the chosen reward must beat the rejected one BY the margin, so subtract it from the gap before the sigmoid.':
        'margin 抬高了门槛：chosen 的奖励必须比 rejected 的高出 margin，所以要在 sigmoid 之前从奖励差中减去它。',
    'equal rewards give log 2':
        '奖励相等时损失为 log 2',
    'gap = r_chosen - r_rejected; if margin is not None: gap = gap - margin; return -F.logsigmoid(gap).mean()':
        'gap = r_chosen - r_rejected；若 margin 不是 None：gap = gap - margin；最后 return -F.logsigmoid(gap).mean()',
    'gaps of +200 and -200: sigmoid(-200) underflows to 0':
        '奖励差为 +200 和 -200：sigmoid(-200) 下溢成 0',
    'log(sigmoid(z)) is -inf in float32 once sigmoid(z) underflows (z near -100): F.logsigmoid(z) computes it directly.':
        '在 float32 下一旦 sigmoid(z) 下溢（z 接近 -100），log(sigmoid(z)) 就是 -inf：F.logsigmoid(z) 会直接算出它。',
    'loss summed over the pairs instead of averaged':
        '损失对各对求和而不是取平均',
    'margin added to the gap: subtract it, so the chosen reward must win BY the margin':
        'margin 被加到了奖励差上：应减去它，这样 chosen 的奖励必须高出 margin 才算赢',
    'margin ignored: the gap is r_chosen - r_rejected - margin':
        '忽略了 margin：差值应为 r_chosen - r_rejected - margin',
    'margin=None passed explicitly':
        '显式传入 margin=None',
    'one pair, the rejected ahead':
        '只有一对，rejected 的得分更高',
    'rewards near 40, margins in thirds':
        '奖励接近 40，margin 为三分之一的倍数',
    'sign swapped: the loss is -log sigmoid(r_chosen - r_rejected - margin), pushing the CHOSEN reward up':
        '符号反了：损失是 -log sigmoid(r_chosen - r_rejected - margin)，它推高的是 chosen 的奖励',
    'swapping the sides moves the loss by the mean gap':
        '交换两边后损失的变化量等于平均奖励差',
    'the log-likelihood returned, not its negative: the loss is -log sigmoid(...)':
        '返回了对数似然而不是它的相反数：损失是 -log sigmoid(...)',
    'the pairs':
        '样本对的数量',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example with margins":
        '题目中带 margin 的示例',
    'with r_chosen == r_rejected and no margin each pair is a coin flip: the loss is log 2 = 0.6931, got {0}':
        'r_chosen == r_rejected 且没有 margin 时，每一对都相当于抛硬币：损失应为 log 2 = 0.6931，实际得到 {0}',
    'without margins loss(c, r) - loss(r, c) must be -mean(c - r) = {0} (since -log sigmoid(z) + log sigmoid(-z) = -z); got {1}':
        '没有 margin 时 loss(c, r) - loss(r, c) 必须等于 -mean(c - r) = {0}（因为 -log sigmoid(z) + log sigmoid(-z) = -z）；实际得到 {1}',
}
