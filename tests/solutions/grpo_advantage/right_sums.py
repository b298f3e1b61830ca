import torch


def grpo_advantages(rewards, group_size, eps=1e-4):
    n = group_size
    r = rewards.unflatten(0, (-1, n))
    centred = r - r.sum(-1, keepdim=True) / n
    var = (centred * centred).sum(-1, keepdim=True) / (n - 1)
    return (centred / (torch.sqrt(var) + eps)).flatten()
