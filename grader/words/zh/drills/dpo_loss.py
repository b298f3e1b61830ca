"""中文 text of the dpo_loss drill."""
TEXT = {
    '-log(sigmoid(z)) underflows when z is very negative (sigmoid(-200) is 0 in float32). F.logsigmoid(z), or -F.softplus(-z), computes log sigmoid(z) without forming sigmoid(z).':
        'z 很负时 -log(sigmoid(z)) 会下溢（float32 下 sigmoid(-200) 为 0）。F.logsigmoid(z) 或 -F.softplus(-z) 计算 log sigmoid(z) 时不会先算出 sigmoid(z)。',
    '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid':
        '-log(sigmoid(z)) 会下溢：z 很负时 sigmoid(z) 为 0，而 log(0) = -inf；请用 F.logsigmoid',
    'Each reward is beta times a log-ratio, and log(pi / ref) = pi - ref for log-probabilities: chosen = beta * (pi_chosen - ref_chosen), rejected likewise.':
        '每个奖励都是 beta 乘以一个对数比值，而对对数概率来说 log(pi / ref) = pi - ref：chosen = beta * (pi_chosen - ref_chosen)，rejected 同理。',
    'The rewards are for logging: return chosen.detach(), rejected.detach(). Kept in the graph, each logged reward holds the whole forward pass in memory.':
        '奖励只用于记录日志：返回 chosen.detach(), rejected.detach()。如果留在计算图里，每个记录下来的奖励都会把整个前向传播留在内存中。',
    'a batch of 1024; compared: loss, chosen_reward, rejected_reward':
        '大小为 1024 的 batch；比较：loss, chosen_reward, rejected_reward',
    'beta missing in the rewards: chosen_reward = beta * (pi_chosen - ref_chosen)':
        '奖励中漏了 beta：chosen_reward = beta * (pi_chosen - ref_chosen)',
    'beta missing inside the sigmoid: -logsigmoid(beta * (log-ratio difference))':
        'sigmoid 里漏了 beta：-logsigmoid(beta * (对数比值之差))',
    'compared: loss, chosen_reward, rejected_reward':
        '比较：loss, chosen_reward, rejected_reward',
    'five pairs, beta = 0.5; compared: loss, chosen_reward, rejected_reward':
        '五对，beta = 0.5；比较：loss, chosen_reward, rejected_reward',
    'four pairs, beta = 0.01; compared: loss, chosen_reward, rejected_reward':
        '四对，beta = 0.01；比较：loss, chosen_reward, rejected_reward',
    'log-ratios reversed (ref - pi instead of pi - ref) in the rewards':
        '奖励中的对数比值反了（用了 ref - pi 而不是 pi - ref）',
    'loss = -F.logsigmoid(chosen - rejected).mean(); return loss, chosen.detach(), rejected.detach()':
        'loss = -F.logsigmoid(chosen - rejected).mean()；然后 return loss, chosen.detach(), rejected.detach()',
    'loss summed over the batch instead of averaged':
        '损失对 batch 求和而不是取平均',
    'margins of -200 and +200: sigmoid(-200) underflows to 0; compared: loss, chosen_reward, rejected_reward':
        '差值为 -200 和 +200：sigmoid(-200) 下溢成 0；比较：loss, chosen_reward, rejected_reward',
    'one pair, beta = 1; compared: loss, chosen_reward, rejected_reward':
        '只有一对，beta = 1；比较：loss, chosen_reward, rejected_reward',
    'policy equal to the reference gives log 2':
        '策略模型等于参考模型时损失为 log 2',
    'rewards detached':
        '奖励已 detach',
    'rewards returned attached to the graph: .detach() them':
        '返回的奖励还连在计算图上：要对它们 .detach()',
    'sign swapped: the loss should push the CHOSEN reward above the rejected one (-logsigmoid(chosen - rejected))':
        '符号反了：损失应把 chosen 的奖励推到 rejected 之上（-logsigmoid(chosen - rejected)）',
    'the pairs':
        '样本对的数量',
    "the prompt's example; compared: loss, chosen_reward, rejected_reward":
        '题目中的示例；比较：loss, chosen_reward, rejected_reward',
    'with pi_chosen and pi_rejected requiring grad, {0} {1} grad: return the rewards .detach()ed — they are logged, not trained':
        'pi_chosen 和 pi_rejected 需要梯度时，{0} {1} grad：奖励要先 .detach() 再返回——它们只用于记录，不参与训练',
    'with the policy equal to the reference (pi_* == ref_*) every reward is 0 and the loss is -log sigmoid(0) = log 2 = 0.6931; got loss {0}, rewards {1}, {2}':
        '策略模型等于参考模型（pi_* == ref_*）时每个奖励都是 0，损失为 -log sigmoid(0) = log 2 = 0.6931；实际得到损失 {0}，奖励 {1}、{2}',
    'still requires':
        '仍然需要',
    'still require':
        '仍然需要',
}
