import torch


def grpo_advantages(rewards: torch.Tensor, group_size: int, eps: float = 1e-4) -> torch.Tensor:
    r = rewards.reshape(-1, group_size)          # (G, n): row g is prompt g's completions
    mean = r.mean(dim=1, keepdim=True)           # (G, 1)
    std = r.std(dim=1, keepdim=True)             # (G, 1) unbiased (n - 1), as TRL
    # eps keeps a group of equal rewards at 0 instead of 0/0
    return ((r - mean) / (std + eps)).reshape(rewards.shape)
