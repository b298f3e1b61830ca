EXPECT = {
    'values': 'eps left out: a group of equal rewards gives 0 / 0 = NaN',
    'each group sums to 0': '',
    'groups are independent': '',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    groups = rewards.reshape(-1, group_size)
    centred = groups - groups.mean(dim=-1, keepdim=True)
    return (centred / groups.std(dim=-1, keepdim=True)).reshape(-1)
