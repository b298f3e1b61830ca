import torch

EXPECT = {
    'no loop': '',
}


def rloo_advantages(rewards, group_size):
    out = []
    for start in range(0, rewards.numel(), group_size):
        r = rewards[start:start + group_size]
        out.append(r - (r.sum() - r) / (group_size - 1))
    return torch.cat(out)
