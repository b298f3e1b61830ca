import torch


def rloo_advantages(rewards: torch.Tensor, group_size: int) -> torch.Tensor:
    r = rewards.view(-1, group_size)                     # (G, k): one prompt's completions per row
    others = r.sum(1, keepdim=True) - r                  # the group's sum without each sample itself
    baseline = others / (group_size - 1)                 # mean of the other k - 1
    return (r - baseline).view(-1)
