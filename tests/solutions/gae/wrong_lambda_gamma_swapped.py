import torch

EXPECT = {
    'values': 'λ and γ swapped: the TD error discounts by γ, the recursion by γ·λ',
    'lam = 0 gives the TD errors': '',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = rewards.shape[1]
    mask = 1.0 - dones.to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[:, 0])
    for t in reversed(range(T)):
        delta = rewards[:, t] + lam * values[:, t + 1] * mask[:, t] - values[:, t]
        last = delta + gamma * lam * mask[:, t] * last
        advantages[:, t] = last
    return advantages, advantages + values[:, :-1]
