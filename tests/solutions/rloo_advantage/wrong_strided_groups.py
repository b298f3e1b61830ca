import torch

EXPECT = {
    'values': 'groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*k:(g+1)*k])',
    'each group sums to 0': '',
    'groups are independent': '',
}


def rloo_advantages(rewards, group_size):
    # TRL's older layout: rewards.reshape(k, -1), completion j of every prompt in row j
    r = rewards.reshape(group_size, -1)
    baseline = (r.sum(0) - r) / (group_size - 1)
    return (r - baseline).flatten()
