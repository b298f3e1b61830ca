EXPECT = {
    'values': "biased std (divided by n): GRPO uses the unbiased std, torch.std's default",
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    r = rewards.view(-1, group_size)
    mean = r.mean(dim=1, keepdim=True)
    std = ((r - mean) ** 2).mean(dim=1, keepdim=True).sqrt()
    return ((r - mean) / (std + eps)).view(-1)
