import torch

EXPECT = {
    'inputs unchanged': 'rewards modified in place (e.g. rewards -= baseline): work on new tensors',
}


def rloo_advantages(rewards, group_size):
    r = rewards.view(-1, group_size)
    baseline = (r.sum(1, keepdim=True) - r) / (group_size - 1)
    r -= baseline                                   # a view: the caller's rewards change
    return rewards
