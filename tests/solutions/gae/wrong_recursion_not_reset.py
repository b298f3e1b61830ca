import torch

EXPECT = {
    'values': 'recursion not reset at done: A_(t+1) of the next episode is carried back (multiply it by 1 - done_t too)',
    'episodes are independent across a done': '',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = rewards.shape[1]
    mask = 1.0 - dones.to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[:, 0])
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * values[:, t + 1] * mask[:, t] - values[:, t]
        last = delta + gamma * lam * last
        advantages[:, t] = last
    return advantages, advantages + values[:, :-1]
