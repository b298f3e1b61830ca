EXPECT = {
    'values': 'groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*n:(g+1)*n])',
    'each group sums to 0': '',
    'groups are independent': '',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    # (n, G): column g is group g
    r = rewards.view(group_size, -1)
    mean = r.mean(dim=0, keepdim=True)
    std = r.std(dim=0, keepdim=True)
    return ((r - mean) / (std + eps)).flatten()
