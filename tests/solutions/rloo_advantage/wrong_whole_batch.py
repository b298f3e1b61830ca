import torch

EXPECT = {
    'values': "baseline over the whole batch instead of within each prompt's group",
    'each group sums to 0': '',
    'groups are independent': '',
}


def rloo_advantages(rewards, group_size):
    n = rewards.numel()
    return rewards - (rewards.sum() - rewards) / (n - 1)
