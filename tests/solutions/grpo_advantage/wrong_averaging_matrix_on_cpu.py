import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    r = rewards.reshape(-1, group_size)
    avg = torch.ones(group_size, group_size, dtype=rewards.dtype) / group_size   # no device=: on the CPU
    mean = r @ avg                                   # every completion gets its group's mean
    dev = r - mean
    var = (dev * dev) @ avg * group_size / (group_size - 1)
    return (dev / (var.sqrt() + eps)).reshape(rewards.shape)
