EXPECT = {
    'values': "normalised over the whole batch instead of within each prompt's group",
    'each group sums to 0': '',
    'groups are independent': '',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    mean = rewards.mean()
    std = rewards.std()
    return (rewards - mean) / (std + eps)
