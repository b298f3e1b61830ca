import torch

EXPECT = {
    'values': "bootstrap from the wrong value at the rollout's end: step T - 1 bootstraps from values[:, T] (a rollout cut off mid-episode is not terminal)",
    'lam = 0 gives the TD errors': '',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    B, T = rewards.shape
    mask = 1.0 - dones.to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[:, 0])
    next_value = torch.zeros_like(rewards[:, 0])        # nothing after the rollout
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * next_value * mask[:, t] - values[:, t]
        last = delta + gamma * lam * mask[:, t] * last
        advantages[:, t] = last
        next_value = values[:, t]
    return advantages, advantages + values[:, :-1]
