"""中文 text of the grpo_advantage drill."""
TEXT = {
    '4096 groups of 16':
        '4096 组，每组 16 个',
    "Groups are consecutive, so rewards.view(-1, group_size) puts each prompt's completions in one row (G, n); reduce along dim=1 with keepdim=True so the statistics broadcast back.":
        '组是连续的，所以 rewards.view(-1, group_size) 会把每个 prompt 的补全放进一行 (G, n)；沿 dim=1 用 keepdim=True 做归约，统计量才能广播回去。',
    'a group of equal rewards: its advantages are 0, not NaN':
        '奖励全部相等的组：优势为 0，而不是 NaN',
    'adding 3 to the rewards of group 0 changed the advantages by {0}: a group is compared with itself only':
        '给第 0 组的奖励加 3 后优势变化了 {0}：每组只和自己比较',
    "biased std (divided by n): GRPO uses the unbiased std, torch.std's default":
        '用了有偏 std（除以 n）：GRPO 用的是无偏 std，即 torch.std 的默认行为',
    'each group sums to 0':
        '每组之和为 0',
    'eps = 0.5 is used':
        '用到了 eps = 0.5',
    'eps added to the variance inside the square root; it is added to the std':
        'eps 加在了平方根里的方差上；它应该加在 std 上',
    'eps left out: a group of equal rewards gives 0 / 0 = NaN':
        '漏了 eps：奖励全部相等的组会得到 0 / 0 = NaN',
    'expected a tensor of {0} advantages':
        '应返回含 {0} 个优势的张量',
    'groups are independent':
        '各组相互独立',
    'groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*n:(g+1)*n])':
        '按步长取组（rewards[g::G]），而不是取连续的（rewards[g*n:(g+1)*n]）',
    'negative rewards, three groups of five':
        '负的奖励，三组，每组五个',
    "normalised over the whole batch instead of within each prompt's group":
        '在整个 batch 上归一化，而不是在每个 prompt 的组内',
    'one group of two: the unbiased std is sqrt(2) times the biased':
        '一组两个：无偏 std 是有偏 std 的 sqrt(2) 倍',
    'r = rewards.view(-1, group_size); return ((r - r.mean(1, keepdim=True)) / (r.std(1, keepdim=True) + eps)).view(-1)':
        'r = rewards.view(-1, group_size)；然后 return ((r - r.mean(1, keepdim=True)) / (r.std(1, keepdim=True) + eps)).view(-1)',
    'rewards differing by 1e-6: eps dominates':
        '奖励只相差 1e-6：eps 占主导',
    'rewards modified in place (e.g. rewards -= mean): work on new tensors':
        '原地修改了奖励（例如 rewards -= mean）：请在新张量上计算',
    'rewards near ±1e4':
        '接近 ±1e4 的奖励',
    'the advantages of group {0} (rewards[{1}:{2}]) sum to {3}, not 0: each group is centred on its own mean':
        '第 {0} 组（rewards[{1}:{2}]）的优势之和为 {3}，不是 0：每组都应以自己的均值为中心',
    'the groups':
        '组数',
    "the prompt's example":
        '题目中的示例',
    'three groups of two on different scales':
        '三组、每组两个，量级各不相同',
    'torch.std divides by n - 1 by default (the unbiased std GRPO uses); var(unbiased=False) or ((r - mean) ** 2).mean() would be the biased one.':
        'torch.std 默认除以 n - 1（即 GRPO 用的无偏 std）；var(unbiased=False) 或 ((r - mean) ** 2).mean() 得到的是有偏的。',
    'two groups of 1024':
        '两组，每组 1024 个',
}
