"""中文 text of the moe_router drill."""
TEXT = {
    '2048 tokens, 8 experts, k = 2; compared: weights, experts, aux_loss':
        '2048 个 token，8 个专家，k = 2；比较：weights、experts、aux_loss',
    'Count the routing without a loop: a (T, E) zero tensor with 1 where an expert was chosen — torch.zeros_like(probs).scatter_(1, experts, 1.0) — then its mean over tokens, divided by k, is f.':
        '不用循环统计路由：一个 (T, E) 的零张量，在选中专家的位置置 1——torch.zeros_like(probs).scatter_(1, experts, 1.0)——然后对 token 取平均再除以 k，就是 f。',
    'P = probs.mean(0); aux_loss = E * (f * P).sum(). f carries no gradient (it is counts); P does.':
        'P = probs.mean(0)；aux_loss = E * (f * P).sum()。f 不带梯度（它是计数）；P 带梯度。',
    'a token was routed to the same expert twice: {0}':
        '有 token 被两次路由到同一个专家：{0}',
    "a token's k = {0} weights sum to {1}, not 1: renormalise over the chosen experts":
        '某个 token 的 k = {0} 个权重之和为 {1}，不是 1：要在选中的专家上重新归一化',
    "a token's weights are not in descending order: list its experts largest first, as topk does":
        '某个 token 的权重不是降序：像 topk 那样，把它的专家从大到小排列',
    'a uniform router has aux loss 1':
        '均匀的路由器辅助损失为 1',
    'aux loss without the factor E (the number of experts)':
        '辅助损失漏了系数 E（专家数）',
    'compared: weights, experts, aux_loss':
        '比较：weights、experts、aux_loss',
    'expected a tuple (weights, experts, aux_loss)':
        '应返回元组 (weights, experts, aux_loss)',
    'f_e counted from the top-1 expert only; count all k chosen experts':
        'f_e 只统计了 top-1 专家；要统计选中的全部 k 个专家',
    'f_e not divided by k: f_e is the share of the T*k routing slots, summing to 1':
        'f_e 没有除以 k：f_e 是在 T*k 个路由位置中所占的比例，总和为 1',
    'f_e taken from the probabilities (E * sum P_e^2): f_e counts the routing decisions':
        'f_e 取自概率（E * sum P_e^2）：f_e 应统计路由决策',
    'k = 1: the Switch Transformer router; compared: weights, experts, aux_loss':
        'k = 1：Switch Transformer 的路由器；比较：weights、experts、aux_loss',
    'k = E: every expert chosen, f_e = 1/E; compared: weights, experts, aux_loss':
        'k = E：所有专家都被选中，f_e = 1/E；比较：weights、experts、aux_loss',
    'k distinct experts, largest first':
        'k 个互不相同的专家，从大到小',
    'more tokens than experts, uneven load; compared: weights, experts, aux_loss':
        'token 多于专家，负载不均；比较：weights、experts、aux_loss',
    'one token; compared: weights, experts, aux_loss':
        '一个 token；比较：weights、experts、aux_loss',
    'probs = softmax(x @ gate_weight.T) over dim=-1 (the experts); then top, experts = probs.topk(k, dim=-1) and weights = top / top.sum(-1, keepdim=True).':
        'probs = softmax(x @ gate_weight.T)，沿 dim=-1（专家维度）；然后 top, experts = probs.topk(k, dim=-1)，weights = top / top.sum(-1, keepdim=True)。',
    'router logits in the thousands: exp overflows; compared: weights, experts, aux_loss':
        '路由 logits 达到几千：exp 溢出；比较：weights、experts、aux_loss',
    'router logits must be x @ gate_weight.T: gate_weight is (E, d), one row per expert':
        '路由 logits 应为 x @ gate_weight.T：gate_weight 形状为 (E, d)，每个专家一行',
    'softmax over the tokens (dim 0) instead of over the experts (dim -1)':
        '在 token 维度（dim 0）上做了 softmax，而不是在专家维度（dim -1）上',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    "the prompt's example; compared: weights, experts, aux_loss":
        '题目中的示例；比较：weights、experts、aux_loss',
    'the tokens':
        'token 数',
    'weights not renormalised over the k chosen experts (renormalising all E probabilities before top-k changes nothing)':
        'weights 没有在选中的 k 个专家上重新归一化（在 top-k 之前对全部 E 个概率归一化不起作用）',
    'weights sum to 1 over the k chosen':
        'weights 在选中的 k 个上和为 1',
    'with all router probabilities equal (1/E each, E = {0}, k = {1}) the aux loss should be 1 (E · Σ_e f_e · 1/E, with f summing to 1); got {2}':
        '所有路由概率相等时（每个都是 1/E，E = {0}，k = {1}），辅助损失应为 1（E · Σ_e f_e · 1/E，f 的和为 1）；实际得到 {2}',
}
