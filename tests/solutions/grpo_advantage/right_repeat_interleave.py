def grpo_advantages(rewards, group_size, eps=1e-4):
    # as TRL writes it: statistics per group, repeated back to one value per completion
    grouped = rewards.view(-1, group_size)
    mean = grouped.mean(dim=1).repeat_interleave(group_size)
    std = grouped.std(dim=1).repeat_interleave(group_size)
    return (rewards - mean) / (std + eps)
