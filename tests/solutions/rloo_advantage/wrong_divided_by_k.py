import torch

EXPECT = {
    'values': "the others' sum divided by k instead of k - 1: the baseline is the mean of the k - 1 others",
    'each group sums to 0': '',
    'groups are independent': '',
}


def rloo_advantages(rewards, group_size):
    r = rewards.view(-1, group_size)
    baseline = (r.sum(dim=1, keepdim=True) - r) / group_size
    return (r - baseline).view(-1)
