import torch

EXPECT = {
    'values': 'returns as discounted rewards to go: the value targets are advantages + values (λ-returns)',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = rewards.shape[1]
    mask = 1.0 - dones.to(rewards.dtype)
    advantages, returns = torch.zeros_like(rewards), torch.zeros_like(rewards)
    last, ret = torch.zeros_like(rewards[:, 0]), values[:, T]
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * values[:, t + 1] * mask[:, t] - values[:, t]
        last = delta + gamma * lam * mask[:, t] * last
        advantages[:, t] = last
        ret = rewards[:, t] + gamma * mask[:, t] * ret
        returns[:, t] = ret
    return advantages, returns
