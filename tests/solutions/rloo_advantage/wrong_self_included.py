import torch

EXPECT = {
    'values': 'the sample itself included in its baseline (r - group mean): leave it out, baseline = mean of the other k - 1',
}


def rloo_advantages(rewards, group_size):
    r = rewards.view(-1, group_size)
    baseline = r.mean(dim=1, keepdim=True)
    return (r - baseline).view(-1)
