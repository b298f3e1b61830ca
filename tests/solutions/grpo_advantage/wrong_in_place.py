EXPECT = {
    'inputs unchanged': 'rewards modified in place (e.g. rewards -= mean): work on new tensors',
}


def grpo_advantages(rewards, group_size, eps=1e-4):
    r = rewards.view(-1, group_size)
    std = r.std(dim=1, keepdim=True)
    r -= r.mean(dim=1, keepdim=True)
    return (r / (std + eps)).view(-1)
