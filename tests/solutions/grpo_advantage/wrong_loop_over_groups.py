import torch

EXPECT = {
    'no loop': '',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    out = []
    for start in range(0, rewards.numel(), group_size):
        group = rewards[start:start + group_size]
        out.append((group - group.mean()) / (group.std() + eps))
    return torch.cat(out)
