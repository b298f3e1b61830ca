import torch

EXPECT = {
    'values': 'not resetting at done: a done stops both the bootstrap from V_(t+1) and the recursion from A_(t+1)',
    'episodes are independent across a done': '',
    'lam = 0 gives the TD errors': '',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = rewards.shape[1]
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[:, 0])
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * values[:, t + 1] - values[:, t]
        last = delta + gamma * lam * last
        advantages[:, t] = last
    return advantages, advantages + values[:, :-1]
