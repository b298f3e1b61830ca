"""中文 text of the rloo_advantage drill."""
TEXT = {
    '4096 groups of 16':
        '4096 组，每组 16 个',
    "Groups are consecutive: rewards.view(-1, group_size) puts each prompt's completions in one row (G, k).":
        '组是连续的：rewards.view(-1, group_size) 会把每个 prompt 的补全放进一行 (G, k)。',
    'The mean of the others needs no loop: (row sum - r_i) / (k - 1). Keep the sum with keepdim=True so it broadcasts back over the row.':
        '其他元素的均值不需要循环：(行和 - r_i) / (k - 1)。求和时用 keepdim=True，这样它能沿行广播回去。',
    'a group of equal rewards: advantages 0':
        '奖励全部相等的组：优势为 0',
    'adding 3 to the rewards of group 0 changed the advantages by {0}: a completion is compared with its own group only, and a shift of the whole group cancels':
        '给第 0 组的奖励加 3 后优势变化了 {0}：补全只和自己的组比较，整组平移会相互抵消',
    "advantages divided by the group's std: that is GRPO; RLOO only subtracts the baseline":
        '优势除以了组内 std：那是 GRPO；RLOO 只减去 baseline',
    "baseline over the whole batch instead of within each prompt's group":
        'baseline 在整个 batch 上计算，而不是在每个 prompt 的组内',
    'each group sums to 0':
        '每组之和为 0',
    'expected a tensor of {0} advantages':
        '应返回含 {0} 个优势的张量',
    'groups are independent':
        '各组相互独立',
    'groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*k:(g+1)*k])':
        '按步长取组（rewards[g::G]），而不是取连续的（rewards[g*k:(g+1)*k]）',
    'negative rewards, three groups of five':
        '负的奖励，三组，每组五个',
    'one group of six':
        '一组六个',
    'one group of two: each is compared with the other':
        '一组两个：彼此互相比较',
    'r = rewards.view(-1, group_size); return (r - (r.sum(1, keepdim=True) - r) / (group_size - 1)).view(-1)':
        'r = rewards.view(-1, group_size)；然后 return (r - (r.sum(1, keepdim=True) - r) / (group_size - 1)).view(-1)',
    'rewards modified in place (e.g. rewards -= baseline): work on new tensors':
        '原地修改了奖励（例如 rewards -= baseline）：请在新张量上计算',
    'rewards near ±1e4':
        '接近 ±1e4 的奖励',
    'the advantages of group {0} (rewards[{1}:{2}]) sum to {3}, not 0: the sum over a group of r_i minus the mean of the others is always 0':
        '第 {0} 组（rewards[{1}:{2}]）的优势之和为 {3}，不是 0：一组内 r_i 减去其他元素均值的总和恒为 0',
    'the groups':
        '组数',
    "the others' sum divided by k instead of k - 1: the baseline is the mean of the k - 1 others":
        '其他元素之和除以了 k 而不是 k - 1：baseline 是其他 k - 1 个的均值',
    "the prompt's example":
        '题目中的示例',
    'the sample itself included in its baseline (r - group mean): leave it out, baseline = mean of the other k - 1':
        'baseline 里包含了样本自己（r - 组均值）：要把它排除，baseline = 其他 k - 1 个的均值',
    'three groups of two on different scales':
        '三组、每组两个，量级各不相同',
    'two groups of 1024':
        '两组，每组 1024 个',
}
