import torch

EXPECT = {
    'no loop': '',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    B, T = rewards.shape
    advantages = torch.zeros_like(rewards)
    for b in range(B):
        last = 0.0
        for t in reversed(range(T)):
            nd = 0.0 if dones[b, t] else 1.0
            delta = rewards[b, t] + gamma * values[b, t + 1] * nd - values[b, t]
            last = delta + gamma * lam * nd * last
            advantages[b, t] = last
    return advantages, advantages + values[:, :-1]
