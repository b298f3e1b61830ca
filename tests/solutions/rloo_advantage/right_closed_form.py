import torch


def rloo_advantages(rewards, group_size):
    # r - mean(others) = k / (k - 1) * (r - mean(all))
    k = group_size
    r = rewards.reshape(-1, k)
    return (k / (k - 1) * (r - r.mean(dim=-1, keepdim=True))).reshape(rewards.shape)
